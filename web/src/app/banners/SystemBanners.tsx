import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../shared/ui/RichText';
import type { CompanyScopeValue } from '../layout/useCompanyScope';
import { useSystemBanners } from './useSystemBanners';

export interface SystemBannersProps {
  readonly scope: CompanyScopeValue;
}

/** The system banners on top of the layout (spec 000 §2.5): info or warning, some dismissible. */
export function SystemBanners({ scope }: SystemBannersProps) {
  const { t } = useTranslation('common');
  const { banners, dismiss } = useSystemBanners(scope);
  if (banners.length === 0) return null;
  return (
    <Flex vertical role="region" aria-label={t('banners.label')} data-testid="system-banners">
      {banners.map((banner) => (
        <Alert
          key={banner.id}
          banner
          showIcon
          type={banner.bannerType === 'warning' ? 'warning' : 'info'}
          title={<RichText html={banner.description} />}
          data-testid="system-banner"
          closable={
            banner.dismissible ? { onClose: () => dismiss(banner.id), 'aria-label': t('banners.dismiss') } : false
          }
        />
      ))}
    </Flex>
  );
}
