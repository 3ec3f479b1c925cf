import { GoogleOutlined, InfoCircleOutlined, KeyOutlined, WindowsOutlined } from '@ant-design/icons';
import { App, Card, Divider, Flex, Select, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLoginButtons } from '../../../shared/auth/useLoginButtons';
import { SettingsPage, type SettingsPageState } from '../../../shared/ui/SettingsPage';
import { useLoginOptions } from '../hooks/useLoginOptions';
import { leavesNoMethod, type LoginSwitch } from '../utils/loginOptions';

/** The client's own toast when the last method would go (spec 002 §8). */
const LAST_METHOD_TOAST_S = 10;

interface OptionRowProps {
  readonly icon: ReactNode;
  readonly title: string;
  readonly description: ReactNode;
  readonly control: ReactNode;
  /** A note under the description, such as that the deployment does not offer the method. */
  readonly note?: ReactNode;
  readonly children?: ReactNode;
}

function OptionRow({ icon, title, description, control, note, children }: OptionRowProps) {
  return (
    <Flex gap="middle" align="flex-start" style={{ paddingBlock: 16 }}>
      <span aria-hidden style={{ fontSize: 20, lineHeight: '24px' }}>
        {icon}
      </span>
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Typography.Text type="secondary">{description}</Typography.Text>
        {note ? (
          <Typography.Text type="secondary">
            <InfoCircleOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
            {note}
          </Typography.Text>
        ) : null}
        {children}
      </Flex>
      {control}
    </Flex>
  );
}

/**
 * /companies/:selected_company_id/log-in-options (admin panel): which ways of signing in the
 * company's people have (spec 002 §2.11, §4 "Login methods", §5). At least one must stay,
 * and SSO cannot be the only one before the company's SSO settings exist.
 */
export function CompanyLogInOptionsPage() {
  const { t } = useTranslation('admin');
  const { notification } = App.useApp();
  const { selected_company_id: companyId = '' } = useParams();
  const options = useLoginOptions(companyId);
  // What this deployment offers at all: a switch for a provider it has no client for does nothing.
  const offered = useLoginButtons();
  const deployment = offered.status === 'ready' ? offered.buttons : null;
  const company = options.company;

  // a view of the company card, which draws the breadcrumb and the company's name
  if (!company) {
    const state: SettingsPageState = options.loading
      ? { kind: 'loading' }
      : options.failed
        ? {
            kind: 'failed',
            title: t('login_options.load_failed'),
            retryLabel: t('login_options.retry'),
            onRetry: () => void options.refetch(),
          }
        : { kind: 'missing', title: t('login_options.not_found') };
    return <SettingsPage title={t('page.CompanyLogInOptions')} state={state} />;
  }

  const toggle = (field: LoginSwitch, value: boolean) => {
    if (leavesNoMethod(company, field, value)) {
      notification.warning({
        key: 'login-options-last-method',
        title: t('login_options.last_method'),
        duration: LAST_METHOD_TOAST_S,
      });
      return;
    }
    void options.change({ field, value });
  };

  const switchFor = (field: LoginSwitch, label: string) => (
    <Switch
      checked={company[field]}
      loading={options.pending === field}
      disabled={options.pending !== null}
      onChange={(value) => toggle(field, value)}
      aria-label={label}
      data-testid={`login-option-${field}`}
    />
  );

  const configured = [company.saml ? 'saml' : null, company.oidc ? 'oidc' : null].filter(
    (m): m is 'saml' | 'oidc' => m !== null,
  );
  const ssoStatus =
    configured.length === 0
      ? t('login_options.sso.not_configured')
      : company.oidc && company.ssoMethod === 'oidc'
        ? t('login_options.sso.configured_oidc', { issuer: company.oidc.issuer })
        : company.saml && company.ssoMethod === 'saml'
          ? t('login_options.sso.configured_saml', { entity: company.saml.entityId ?? '' })
          : t('login_options.sso.configured_unused');

  return (
    <SettingsPage
      title={t('page.CompanyLogInOptions')}
      subtitle={t('login_options.subtitle', { company: company.name })}
      state={{ kind: 'ready' }}
    >
      <Card styles={{ body: { paddingBlock: 8 } }}>
        <OptionRow
          icon={<KeyOutlined />}
          title={t('login_options.sso.title')}
          description={
            <>
              {t('login_options.sso.description')} {ssoStatus}
            </>
          }
          control={switchFor('ssoEnabled', t('login_options.sso.title'))}
        >
          <Flex gap="small" align="center" wrap style={{ marginTop: 4 }}>
            <label htmlFor="login-options-sso-method">{t('login_options.sso.method')}</label>
            <Select
              id="login-options-sso-method"
              value={company.ssoMethod || 'none'}
              style={{ minWidth: 160 }}
              loading={options.pending === 'ssoMethod'}
              disabled={options.pending !== null}
              onChange={(value: string) => void options.change({ field: 'ssoMethod', value })}
              options={(['none', 'saml', 'oidc'] as const).map((m) => ({
                value: m,
                label: t(`login_options.sso.method_${m}`),
                disabled: m !== 'none' && !configured.includes(m),
              }))}
            />
          </Flex>
        </OptionRow>
        <Divider style={{ margin: 0 }} />
        <OptionRow
          icon={<GoogleOutlined />}
          title={t('login_options.google.title')}
          description={t('login_options.google.description')}
          note={deployment && !deployment.google ? t('login_options.google.not_offered') : null}
          control={switchFor('googleLoginEnabled', t('login_options.google.title'))}
        />
        <Divider style={{ margin: 0 }} />
        <OptionRow
          icon={<WindowsOutlined />}
          title={t('login_options.microsoft.title')}
          description={t('login_options.microsoft.description')}
          note={deployment && !deployment.microsoft ? t('login_options.microsoft.not_offered') : null}
          control={switchFor('microsoftLoginEnabled', t('login_options.microsoft.title'))}
        />
      </Card>
    </SettingsPage>
  );
}
