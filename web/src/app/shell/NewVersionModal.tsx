import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The refresh-required modal: the server runs a newer UI than this page (spec 000 §4). */
export function NewVersionModal() {
  const { t } = useTranslation('common');
  return (
    <Modal
      open
      title={t('modals.new_version.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={410}
      footer={
        <Button type="primary" onClick={() => window.location.reload()} data-testid="new-version-refresh">
          {t('actions.refresh')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('modals.new_version.text')}</Typography.Paragraph>
    </Modal>
  );
}
