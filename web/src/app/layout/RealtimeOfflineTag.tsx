import { SyncOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The header's "Reconnecting…" tag: its own chunk, as it shows only after a lost connection. */
export function RealtimeOfflineTag() {
  const { t } = useTranslation('common');
  return (
    <Tag icon={<SyncOutlined spin aria-hidden />} data-testid="realtime-offline">
      {t('realtime.offline')}
    </Tag>
  );
}
