import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formRules, type FormRules } from './rules';

/**
 * The shared form rules in the interface language:
 *
 *   const rules = useFormRules();
 *   <Form.Item name="email" rules={[rules.required, rules.email]}>
 */
export function useFormRules(): FormRules {
  const { t } = useTranslation('common');
  return useMemo(() => formRules((key, values) => t(key, values ?? {})), [t]);
}

/** One toast at a time: a second failed submit replaces the first. */
const INVALID_SUBMIT_KEY = 'form-invalid-submit';

/**
 * What a form shows when a submit fails its rules (spec 000 §5): "Some fields contain errors.
 * Correct the errors and try again", beside each field's own message. Give it to the Form:
 *
 *   const invalidSubmit = useInvalidSubmitNotice();
 *   <Form onFinish={save} onFinishFailed={invalidSubmit}>
 */
export function useInvalidSubmitNotice(): () => void {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  return useCallback(() => {
    void message.error({ key: INVALID_SUBMIT_KEY, content: t('form.invalid_submit') });
  }, [message, t]);
}
