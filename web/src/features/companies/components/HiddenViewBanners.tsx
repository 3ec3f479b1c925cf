import { useQuery } from '@apollo/client/react';
import { Button, Card, Empty, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import { LazyAlert } from '../../../shared/ui/lazyAntd';
import { RichText } from '../../../shared/ui/RichText';
import { HIDDEN_VIEW_BANNERS } from '../graphql/hiddenBanners';

export interface HiddenViewBannersProps {
  readonly companyId: string;
}

const silent: PorticoOperationContext = { silentErrors: true };

/**
 * The banners a company's people are shown, those they hid included, read-only (the general
 * tab's hidden view, spec 002 §2.7; provider staff only, decision 0143).
 */
export function HiddenViewBanners({ companyId }: HiddenViewBannersProps) {
  const { t } = useTranslation('companies');
  const { data, error, refetch } = useQuery(HIDDEN_VIEW_BANNERS, {
    variables: { companyId },
    fetchPolicy: 'cache-and-network',
    context: silent,
  });
  const banners = data?.systemBanners;
  let body;
  if (!banners) {
    body = error ? (
      <Flex vertical align="start" gap={8} role="alert">
        <Typography.Text type="danger">{t('hidden_banners.load_failed')}</Typography.Text>
        <Button onClick={() => void refetch()}>{t('profile.retry')}</Button>
      </Flex>
    ) : (
      <Skeleton active title={false} paragraph={{ rows: 2 }} />
    );
  } else if (banners.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hidden_banners.empty')} />;
  } else {
    body = (
      <Flex vertical gap={12} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {banners.map((b) => (
          <li key={b.id} data-testid="hidden-view-banner">
            <Flex vertical gap={4}>
              <LazyAlert
                showIcon
                type={b.bannerType === 'warning' ? 'warning' : 'info'}
                title={<RichText html={b.description} compact />}
              />
              <Space size={4} wrap>
                <Tag>{t(b.bannerGroup === 'global' ? 'hidden_banners.global' : 'hidden_banners.company')}</Tag>
                {b.userTypes.map((u) => (
                  <Tag key={u}>{t(u === 'customer' ? 'hidden_banners.customer' : 'hidden_banners.portico_user')}</Tag>
                ))}
                <Typography.Text type="secondary">
                  {t(b.dismissible ? 'hidden_banners.dismissible' : 'hidden_banners.not_dismissible')}
                </Typography.Text>
              </Space>
            </Flex>
          </li>
        ))}
      </Flex>
    );
  }
  return (
    <Card size="small" type="inner" title={t('hidden_banners.title')} data-testid="hidden-view-banners">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('hidden_banners.intro')}</Typography.Text>
        {body}
      </Flex>
    </Card>
  );
}
