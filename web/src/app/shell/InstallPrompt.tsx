import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dismissInstall, takeInstallOffer } from './installPrompt';

/**
 * The small offer to install the app (spec 000: app-install prompt), at the foot of the
 * page: Install opens the browser's own dialog, Not now (or the cross) puts it away for
 * good in this browser. It takes no focus; the page stays usable behind it.
 */
export function InstallPrompt() {
  const { t } = useTranslation('common');
  const install = () => {
    const offer = takeInstallOffer();
    void offer?.prompt().catch(() => undefined);
    // accepted or not, the browser decides whether to offer again (a new event)
  };
  return (
    <section
      aria-labelledby="install-prompt-title"
      data-testid="install-prompt"
      style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 1000, display: 'flex', justifyContent: 'flex-end', pointerEvents: 'none' }}
    >
      <Card size="small" style={{ width: '100%', maxWidth: 380, pointerEvents: 'auto', boxShadow: '0 6px 16px rgba(0,0,0,0.12)' }}>
        <Flex gap={12} align="flex-start">
          <img src="/icons/icon-192.png" alt="" width={40} height={40} style={{ borderRadius: 8, flex: 'none' }} />
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong id="install-prompt-title">
              {t('install_prompt.title')}
            </Typography.Text>
            <Typography.Text type="secondary">{t('install_prompt.text')}</Typography.Text>
            <Flex gap={8} wrap style={{ marginTop: 8 }}>
              <Button type="primary" onClick={install}>
                {t('install_prompt.install')}
              </Button>
              <Button onClick={dismissInstall}>{t('install_prompt.dismiss')}</Button>
            </Flex>
          </Flex>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('actions.close')} onClick={dismissInstall} />
        </Flex>
      </Card>
    </section>
  );
}
