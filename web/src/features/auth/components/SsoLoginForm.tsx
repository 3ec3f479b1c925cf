import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { authUrls } from '../../../app/router/paths';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';

export interface SsoLoginFormProps {
  readonly onCancel: () => void;
}

interface SsoValues {
  readonly email: string;
}

/**
 * Single sign-on starts from the user's work e-mail: the server finds the company by its
 * domain and sends the browser on to that company's OIDC or SAML login.
 */
export function SsoLoginForm({ onCancel }: SsoLoginFormProps) {
  const { t } = useTranslation('auth');
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const onFinish = ({ email }: SsoValues) => {
    window.location.assign(`${authUrls.sso}?${new URLSearchParams({ email: email.trim() }).toString()}`);
  };
  return (
    <Form<SsoValues> layout="vertical" onFinish={onFinish} onFinishFailed={invalidSubmit} requiredMark={false}>
      <Form.Item
        name="email"
        label={t('login.sso.email')}
        rules={[rules.required, rules.email]}
      >
        <Input type="email" autoComplete="email" autoFocus />
      </Form.Item>
      <Flex gap="small" justify="flex-end">
        <Button onClick={onCancel}>{t('login.sso.cancel')}</Button>
        <Button type="primary" htmlType="submit">
          {t('login.sso.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
