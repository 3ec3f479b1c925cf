import { SyncOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '../../shared/realtime/RealtimeProvider';

/** Says so in the header while the realtime connection is lost and being retried. */
export function RealtimeStatusHint() {
  const { t } = useTranslation('common');
  const status = useRealtimeStatus();
  return (
    <span role="status" aria-live="polite">
      {status === 'waiting' ? (
        <Tag icon={<SyncOutlined spin aria-hidden />} data-testid="realtime-offline">
          {t('realtime.offline')}
        </Tag>
      ) : null}
    </span>
  );
}
