import { Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Platform } from '../../shared/platform/platform';

export interface PlatformSwitchModalProps {
  readonly onChoose: (platform: Platform) => void;
}

/** A phone on the desktop host: view the mobile layout or keep the desktop one (kept in platform_selected). */
export function PlatformSwitchModal({ onChoose }: PlatformSwitchModalProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open
      title={t('modals.platform.title')}
      onCancel={() => onChoose('desktop')}
      width={400}
      footer={
        <Space wrap>
          <Button onClick={() => onChoose('desktop')}>{t('modals.platform.desktop')}</Button>
          <Button type="primary" onClick={() => onChoose('mobile')}>
            {t('modals.platform.mobile')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('modals.platform.text')}</Typography.Paragraph>
    </Modal>
  );
}
