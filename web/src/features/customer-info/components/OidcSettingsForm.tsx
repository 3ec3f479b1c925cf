import { ApiOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UrlInput } from '../../../shared/forms/UrlInput';
import { isHttpUrl } from '../../../shared/forms/rules';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import {
  DEFAULT_OIDC_EMAIL_KEY,
  DEFAULT_OIDC_SCOPE,
  normalizeScope,
  type SaveOutcome,
} from '../utils/ssoSettings';

export interface OidcFormValues {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scope: string;
  readonly emailKey: string;
  readonly providerName: string;
}

/** The stored settings as the server returns them: never the secret. */
export type StoredOidcSettings = Omit<OidcFormValues, 'clientSecret'>;

export const OIDC_FIELDS: readonly (keyof OidcFormValues)[] = [
  'issuer',
  'clientId',
  'clientSecret',
  'scope',
  'emailKey',
  'providerName',
];

export interface OidcSettingsFormProps {
  /** What is stored; null when the company has no OIDC settings. */
  readonly stored: StoredOidcSettings | null;
  /** A secret is stored: an empty secret field keeps it. */
  readonly secretStored: boolean;
  readonly saving: boolean;
  readonly discovering: boolean;
  /** Saves (after any confirmation the page asks for). */
  readonly onSave: (values: OidcFormValues) => Promise<SaveOutcome>;
  /** Reads the issuer's discovery document and tells the outcome (a toast). */
  readonly onDiscover: (issuer: string) => void;
}

const trimmed = (values: OidcFormValues): OidcFormValues => ({
  issuer: values.issuer.trim(),
  clientId: values.clientId.trim(),
  clientSecret: values.clientSecret,
  scope: normalizeScope(values.scope),
  emailKey: values.emailKey.trim(),
  providerName: values.providerName.trim(),
});

/**
 * OIDC settings (spec 002 §5): issuer (a URL, with a test button that reads its discovery
 * document), client id, client secret, scopes (space-separated), e-mail claim and an
 * optional provider name. The secret is write-only: once stored it is never shown again,
 * and an empty field keeps it.
 */
export function OidcSettingsForm({
  stored,
  secretStored,
  saving,
  discovering,
  onSave,
  onDiscover,
}: OidcSettingsFormProps) {
  const { t } = useTranslation('customerInfo');
  const [form] = Form.useForm<OidcFormValues>();
  // Keyed by content, not identity: a refetch with the same settings must not wipe what was typed.
  const storedKey = JSON.stringify(stored);
  const initialValues = useMemo<OidcFormValues>(() => {
    const current = JSON.parse(storedKey) as StoredOidcSettings | null;
    return {
      issuer: current?.issuer ?? '',
      clientId: current?.clientId ?? '',
      clientSecret: '',
      scope: current?.scope || DEFAULT_OIDC_SCOPE,
      emailKey: current?.emailKey || DEFAULT_OIDC_EMAIL_KEY,
      providerName: current?.providerName ?? '',
    };
  }, [storedKey]);
  // After a save the stored settings come back: show them (the secret field empties again).
  useEffect(() => form.resetFields(), [form, initialValues]);

  const issuer = Form.useWatch('issuer', form) ?? initialValues.issuer;
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const required = rules.required;

  const onFinish = async (values: OidcFormValues) => {
    const outcome = await onSave(trimmed(values));
    if (outcome.saved) form.setFieldValue('clientSecret', '');
    else showMutationErrors(form, outcome.errors, OIDC_FIELDS);
  };

  return (
    <Form<OidcFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void onFinish(values)}
      onFinishFailed={invalidSubmit}
      disabled={saving}
      data-testid="oidc-settings-form"
    >
      <Form.Item label={t('sso.oidc.issuer')} required extra={t('sso.oidc.issuer_help')}>
        <Flex gap="small" wrap>
          <Form.Item
            name="issuer"
            noStyle
            rules={[required, rules.url]}
          >
            <UrlInput aria-label={t('sso.oidc.issuer')} placeholder="login.example.com" style={{ flex: '1 1 260px', width: 'auto', minWidth: 0 }} />
          </Form.Item>
          <Button
            icon={<ApiOutlined />}
            loading={discovering}
            disabled={!isHttpUrl(issuer)}
            onClick={() => onDiscover(issuer.trim())}
          >
            {t('sso.oidc.test')}
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item name="clientId" label={t('sso.oidc.client_id')} rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="clientSecret"
        label={t('sso.oidc.client_secret')}
        rules={secretStored ? [] : [required]}
        required={!secretStored}
        extra={secretStored ? t('sso.oidc.client_secret_stored') : t('sso.oidc.client_secret_help')}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={secretStored ? t('sso.oidc.client_secret_placeholder') : undefined}
        />
      </Form.Item>
      <Form.Item name="scope" label={t('sso.oidc.scope')} rules={[required]} extra={t('sso.oidc.scope_help')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="emailKey" label={t('sso.oidc.email_key')} rules={[required]} extra={t('sso.oidc.email_key_help')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="providerName" label={t('sso.oidc.provider_name')} extra={t('sso.oidc.provider_name_help')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item shouldUpdate noStyle>
        {() => {
          const invalid = form.getFieldsError().some((f) => f.errors.length > 0);
          return (
            <Button type="primary" htmlType="submit" loading={saving} disabled={invalid}>
              {t('sso.save')}
            </Button>
          );
        }}
      </Form.Item>
    </Form>
  );
}
