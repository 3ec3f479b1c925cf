import { GoogleOutlined, KeyOutlined, WindowsOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Divider, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LanguageSwitcher } from '../../../app/layout/LanguageSwitcher';
import { authUrls } from '../../../app/router/paths';
import { rememberRedirect } from '../../../app/session/leave';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { SsoLoginForm } from '../components/SsoLoginForm';
import { useDevLoginAvailable } from '../hooks/useDevLoginAvailable';

/** /login (guests only): greeting, Google, Microsoft and single sign-on (spec 002 §2.18). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [query] = useSearchParams();
  const error = query.get('error');
  const redirectTo = query.get('redirect_to');
  const [ssoOpen, setSsoOpen] = useState(false);
  const devLogin = useDevLoginAvailable();
  useDocumentTitle(t('login.title'));

  useEffect(() => rememberRedirect(redirectTo), [redirectTo]);

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
        {error ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={error === 'no_access' ? t('login.error.no_access.title') : t('login.error.unexpected.title')}
            description={
              error === 'no_access' ? t('login.error.no_access.description') : t('login.error.unexpected.description')
            }
            data-testid="login-error"
          />
        ) : null}
        {ssoOpen ? (
          <SsoLoginForm onCancel={() => setSsoOpen(false)} />
        ) : (
          <Flex vertical gap="small">
            <Button size="large" block icon={<GoogleOutlined />} href={authUrls.google}>
              {t('login.google')}
            </Button>
            <Button size="large" block icon={<WindowsOutlined />} href={authUrls.microsoft}>
              {t('login.microsoft')}
            </Button>
            <Button size="large" block icon={<KeyOutlined />} onClick={() => setSsoOpen(true)}>
              {t('login.sso')}
            </Button>
          </Flex>
        )}
        {devLogin ? (
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
