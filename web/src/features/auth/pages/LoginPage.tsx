import { GoogleOutlined, KeyOutlined, WindowsOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Divider, Flex, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LanguageSwitcher } from '../../../app/layout/LanguageSwitcher';
import { authUrls } from '../../../app/router/paths';
import { rememberRedirect } from '../../../app/session/leave';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useLoginButtons } from '../../../shared/auth/useLoginButtons';
import { loginErrorKind } from '../utils/loginError';

// The single sign-on form (antd's Form) opens from its button: a chunk fetched when a pointer
// or the keyboard reaches the button, or when the page opens with the form.
const loadSsoForm = () => import('../components/SsoLoginForm');
const SsoLoginForm = lazy(async () => ({ default: (await loadSsoForm()).SsoLoginForm }));
const preloadSsoForm = () => void loadSsoForm().catch(() => undefined);

/**
 * /login (guests only): greeting and the buttons this deployment offers: Google and
 * Microsoft where configured, single sign-on by work e-mail, dev login when it is on
 * (spec 000 §2.3, 002 §2.18). ?error= shows why the last sign-in ended here.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [query] = useSearchParams();
  const errorKind = loginErrorKind(query.get('error'));
  const redirectTo = query.get('redirect_to');
  // An e-mail whose domain has no SSO: the form stays open for another address.
  const [ssoOpen, setSsoOpen] = useState(errorKind === 'sso_unknown_domain');
  const options = useLoginButtons();
  useDocumentTitle(t('login.title'));

  useEffect(() => rememberRedirect(redirectTo), [redirectTo]);

  const buttons = options.status === 'ready' ? options.buttons : null;
  const onlySso = buttons !== null && buttons.sso && !buttons.google && !buttons.microsoft;

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 440 }}>
        <Flex justify="flex-end">
          <LanguageSwitcher />
        </Flex>
        <Typography.Title level={1} style={{ fontSize: 28, marginTop: 8 }}>
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {errorKind ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={t(`login.error.${errorKind}.title`)}
            description={t(`login.error.${errorKind}.description`)}
            data-testid="login-error"
          />
        ) : null}
        {buttons === null ? (
          <Flex vertical gap="small" aria-busy="true" aria-label={t('login.loading')}>
            <Skeleton.Button active block size="large" />
            <Skeleton.Button active block size="large" />
          </Flex>
        ) : ssoOpen && buttons.sso ? (
          <Suspense fallback={null}>
            <SsoLoginForm onCancel={() => setSsoOpen(false)} />
          </Suspense>
        ) : (
          <Flex vertical gap="small">
            {buttons.google ? (
              <Button size="large" block icon={<GoogleOutlined />} href={authUrls.google}>
                {t('login.google')}
              </Button>
            ) : null}
            {buttons.microsoft ? (
              <Button size="large" block icon={<WindowsOutlined />} href={authUrls.microsoft}>
                {t('login.microsoft')}
              </Button>
            ) : null}
            {buttons.sso ? (
              <Button
                size="large"
                block
                type={onlySso ? 'primary' : 'default'}
                icon={<KeyOutlined />}
                onClick={() => setSsoOpen(true)}
                onPointerEnter={preloadSsoForm}
                onFocus={preloadSsoForm}
              >
                {t('login.sso')}
              </Button>
            ) : null}
          </Flex>
        )}
        {buttons?.devLogin ? (
          <>
            <Divider plain>{t('login.or')}</Divider>
            <Flex justify="center">
              <Typography.Link href={authUrls.dev}>{t('login.dev')}</Typography.Link>
            </Flex>
          </>
        ) : null}
      </Card>
    </Flex>
  );
}
