import { Alert, App, Button, Card, Flex, Radio, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { reportServerErrors } from '../../../app/errors/reportErrors';
import { paths } from '../../../app/router/paths';
import { useInit } from '../../../app/session/SessionProvider';
import { isProviderStaff } from '../../../app/session/types';
import { SectionTitle, SettingsPage, type SettingsPageState } from '../../../shared/ui/SettingsPage';
import { OidcSettingsForm, type OidcFormValues } from '../components/OidcSettingsForm';
import { SamlSettingsForm, type SamlSaveValues } from '../components/SamlSettingsForm';
import { SsoProviderAddresses } from '../components/SsoProviderAddresses';
import { useOidcDiscoveryToast } from '../hooks/useOidcDiscoveryToast';
import { useSsoSettings } from '../hooks/useSsoSettings';
import { overridesActiveMethod, type SaveOutcome, type SsoMethod, SSO_METHODS, storedMethod } from '../utils/ssoSettings';

/** Confirmation modals of this page are 470 wide (spec 002 §2.12). */
const CONFIRM_WIDTH = 470;

const NOT_SAVED: SaveOutcome = { saved: false, errors: [] };

/**
 * /:selected_company_id/customer-info/sso-settings (ability save_sso): the company's own
 * identity provider, OIDC or SAML (spec 002 §2.12, §4, §5). Choosing none while a method is
 * active, and saving one method over the other, ask first.
 */
export function SsoSettingsPage() {
  const { t } = useTranslation(['customerInfo', 'common']);
  const { modal } = App.useApp();
  const init = useInit();
  const { selected_company_id: companyId = '' } = useParams();
  const sso = useSsoSettings(companyId);
  const discover = useOidcDiscoveryToast(sso.discover);
  const active = storedMethod(sso.company);
  // The method the selector shows; null follows what is stored.
  const [chosen, setChosen] = useState<SsoMethod | null>(null);
  const method = chosen ?? active;

  const confirm = (kind: 'disable' | 'override', from: SsoMethod, to?: SsoMethod): Promise<boolean> =>
    new Promise((resolve) => {
      modal.confirm({
        width: CONFIRM_WIDTH,
        title: t(`sso.confirm_${kind}.title`),
        content: t(`sso.confirm_${kind}.text`, {
          from: t(`sso.method.${from}`),
          to: to ? t(`sso.method.${to}`) : '',
        }),
        okText: t(`sso.confirm_${kind}.ok`),
        okButtonProps: { danger: true },
        cancelText: t('sso.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const clearSettings = async () => {
    if (!(await confirm('disable', active))) {
      setChosen(null);
      return;
    }
    const outcome = await sso.clear();
    // Whether it worked or not, the selector shows what is stored now.
    setChosen(null);
    if (!outcome.saved) reportServerErrors(outcome.errors);
  };

  const onMethodChange = (next: SsoMethod) => {
    if (next === 'none' && active !== 'none') {
      setChosen('none');
      void clearSettings();
      return;
    }
    setChosen(next === active ? null : next);
  };

  const saveWith =
    <V,>(target: 'saml' | 'oidc', save: (values: V) => Promise<SaveOutcome>) =>
    async (values: V): Promise<SaveOutcome> => {
      if (overridesActiveMethod(active, target) && !(await confirm('override', active, target))) return NOT_SAVED;
      const outcome = await save(values);
      if (outcome.saved) setChosen(null);
      return outcome;
    };

  const staff = isProviderStaff(init.user);
  const breadcrumb = [
    {
      key: 'parent',
      title: staff ? (
        <Link to={paths.customerInfo(companyId)}>{t('common:nav.customer_info')}</Link>
      ) : (
        <Link to={paths.companyProfile(companyId)}>{t('common:nav.my_company')}</Link>
      ),
    },
    { key: 'sso', title: t('sso.title') },
  ];
  const company = sso.company;
  if (!company) {
    const state: SettingsPageState = sso.loading
      ? { kind: 'loading' }
      : sso.failed
        ? { kind: 'failed', title: t('sso.load_failed'), retryLabel: t('common:actions.retry'), onRetry: () => void sso.refetch() }
        : { kind: 'missing', title: t('sso.not_found') };
    return <SettingsPage breadcrumb={breadcrumb} title={t('sso.title')} state={state} />;
  }

  return (
    <SettingsPage
      breadcrumb={breadcrumb}
      title={t('sso.title')}
      subtitle={t('sso.subtitle', { company: company.name })}
      state={{ kind: 'ready' }}
    >
      {!company.ssoEnabled ? <Alert type="info" showIcon title={t('sso.login_switched_off')} /> : null}
      <Card
        title={<SectionTitle>{t('sso.method.label')}</SectionTitle>}
        extra={
          active === 'none' ? (
            <Tag>{t('sso.status.none')}</Tag>
          ) : (
            <Tag color="green">{t('sso.status.active', { method: t(`sso.method.${active}`) })}</Tag>
          )
        }
      >
        <Flex vertical gap="small">
          <Radio.Group
            aria-label={t('sso.method.label')}
            value={method}
            onChange={(e) => onMethodChange(e.target.value as SsoMethod)}
            optionType="button"
            buttonStyle="solid"
            disabled={sso.clearing}
            options={SSO_METHODS.map((m) => ({ value: m, label: t(`sso.method.${m}`) }))}
            data-testid="sso-method"
          />
          <Typography.Text type="secondary">{t(`sso.method.${method}_help`)}</Typography.Text>
        </Flex>
      </Card>
      {method === 'none' ? null : (
        <>
          <Card title={<SectionTitle>{t('sso.addresses.title')}</SectionTitle>}>
            <Typography.Paragraph type="secondary">{t(`sso.addresses.${method}_help`)}</Typography.Paragraph>
            <SsoProviderAddresses method={method} origin={init.authUrl || window.location.origin} />
          </Card>
          <Card
            title={<SectionTitle>{t(`sso.${method}.title`)}</SectionTitle>}
            extra={
              method === active ? (
                <Button danger onClick={() => void clearSettings()} loading={sso.clearing}>
                  {t('sso.clear')}
                </Button>
              ) : null
            }
          >
            {method === 'oidc' ? (
              <OidcSettingsForm
                stored={
                  company.oidc
                    ? {
                        issuer: company.oidc.issuer,
                        clientId: company.oidc.clientId,
                        scope: company.oidc.scope,
                        emailKey: company.oidc.emailKey,
                        providerName: company.oidc.providerName ?? '',
                      }
                    : null
                }
                secretStored={company.oidc?.clientSecretSet ?? false}
                saving={sso.saving}
                discovering={sso.discovering}
                onSave={saveWith<OidcFormValues>('oidc', sso.saveOidc)}
                onDiscover={discover}
              />
            ) : (
              <SamlSettingsForm
                stored={
                  company.saml
                    ? {
                        ssoServiceUrl: company.saml.ssoServiceUrl ?? '',
                        entityId: company.saml.entityId ?? '',
                        cert: company.saml.cert ?? '',
                        certFingerprint: company.saml.certFingerprint ?? '',
                        certFingerprintAlgorithm: company.saml.certFingerprintAlgorithm,
                      }
                    : null
                }
                saving={sso.saving}
                onSave={saveWith<SamlSaveValues>('saml', sso.saveSaml)}
              />
            )}
          </Card>
        </>
      )}
    </SettingsPage>
  );
}
