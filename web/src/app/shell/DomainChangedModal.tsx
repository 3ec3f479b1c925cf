import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** FORBIDDEN_DOMAIN once the app is ready: the portal's address changed; refresh. */
export function DomainChangedModal() {
  const { t } = useTranslation('common');
  return (
    <Modal
      open
      title={t('modals.domain_changed.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={410}
      footer={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('actions.refresh')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('modals.domain_changed.text')}</Typography.Paragraph>
    </Modal>
  );
}
