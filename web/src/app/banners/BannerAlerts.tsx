import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../shared/ui/RichText';
import type { SystemBannersApi } from './useSystemBanners';

export type BannerAlertsProps = SystemBannersApi;

/** The banners themselves (antd Alert): their own chunk, loaded when a scope has banners. */
export function BannerAlerts({ banners, dismiss }: BannerAlertsProps) {
  const { t } = useTranslation('common');
  return (
    <Flex vertical role="region" aria-label={t('banners.label')} data-testid="system-banners">
      {banners.map((banner) => (
        <Alert
          key={banner.id}
          banner
          showIcon
          type={banner.bannerType === 'warning' ? 'warning' : 'info'}
          title={<RichText html={banner.description} compact />}
          data-testid="system-banner"
          closable={
            banner.dismissible ? { onClose: () => dismiss(banner.id), 'aria-label': t('banners.dismiss') } : false
          }
        />
      ))}
    </Flex>
  );
}
