import { Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyResult } from '../../../shared/ui/lazyAntd';

export function ThreadLoading() {
  const { t } = useTranslation('thread');
  return (
    <Flex align="center" justify="center" style={{ height: '100%' }}>
      <Spin size="large" description={t('state.loading')} />
    </Flex>
  );
}

export interface ThreadNotFoundProps {
  readonly onClose: () => void;
}

export function ThreadNotFound({ onClose }: ThreadNotFoundProps) {
  const { t } = useTranslation('thread');
  return (
    <LazyResult
      status="404"
      title={t('state.not_found_title')}
      subTitle={t('state.not_found_text')}
      extra={<Button onClick={onClose}>{t('actions.close')}</Button>}
    />
  );
}

export interface ThreadFailedProps {
  readonly onRetry: () => void;
}

export function ThreadFailed({ onRetry }: ThreadFailedProps) {
  const { t } = useTranslation('thread');
  return (
    <LazyResult
      status="warning"
      title={t('state.failed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
