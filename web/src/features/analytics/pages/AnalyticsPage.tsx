import { BarChartOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Button, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { ANALYTICS_FRAME } from '../graphql/analyticsFrame';

/** The frame's address: the application's, with the short-lived token added. */
export function frameSrc(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/**
 * Analytics (provider only, spec 002 §2.18): the configured analytics application in a frame,
 * loaded with a short-lived signed token; a clear empty state when none is configured.
 */
export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const { selected_company_id: companyId = '' } = useParams();
  useDocumentTitle(t('page.title'));
  // A fresh token on every visit: tokens live five minutes.
  const { data, loading, error, refetch } = useQuery(ANALYTICS_FRAME, {
    variables: { companyId },
    fetchPolicy: 'network-only',
  });
  const frame = data?.analyticsFrame;

  let body;
  if (loading && !data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (error && !data) {
    body = (
      <Result
        status="warning"
        title={t('load_failed')}
        extra={<Button onClick={() => void refetch().catch(() => undefined)}>{t('retry')}</Button>}
      />
    );
  } else if (!frame) {
    body = (
      <Empty image={<BarChartOutlined style={{ fontSize: 48 }} aria-hidden />} description={<Typography.Text>{t('empty')}</Typography.Text>} />
    );
  } else {
    body = (
      <iframe
        title={t('frame_title')}
        src={frameSrc(frame.url, frame.token)}
        style={{ flex: 1, width: '100%', minHeight: 480, border: 0 }}
      />
    );
  }
  return (
    <Flex vertical gap="middle" style={{ flex: 1, minHeight: 0 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('page.title')}
      </Typography.Title>
      {body}
    </Flex>
  );
}
