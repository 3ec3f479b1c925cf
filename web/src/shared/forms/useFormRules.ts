import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { formRules, type FormRules } from './rules';
import { useFormsTranslation } from './useFormsTranslation';

/**
 * The shared form rules in the interface language:
 *
 *   const rules = useFormRules();
 *   <Form.Item name="email" rules={[rules.required, rules.email]}>
 */
export function useFormRules(): FormRules {
  const { t, whenReady } = useFormsTranslation();
  return useMemo(() => formRules((key, values) => t(key, values ?? {}), whenReady), [t, whenReady]);
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
  const { t, whenReady } = useFormsTranslation();
  const { message } = App.useApp();
  return useCallback(() => {
    void whenReady().then(() => message.error({ key: INVALID_SUBMIT_KEY, content: t('invalid_submit') }));
  }, [message, t, whenReady]);
}
