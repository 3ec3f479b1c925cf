import { lazy, Suspense } from 'react';
import type { CompanyScopeValue } from '../layout/useCompanyScope';
import { useSystemBanners } from './useSystemBanners';

// Most visits have no banner: antd's Alert loads only when there is one to show.
const BannerAlerts = lazy(async () => ({ default: (await import('./BannerAlerts')).BannerAlerts }));

export interface SystemBannersProps {
  readonly scope: CompanyScopeValue;
}

/** The system banners on top of the layout (spec 000 §2.5): info or warning, some dismissible. */
export function SystemBanners({ scope }: SystemBannersProps) {
  const { banners, dismiss } = useSystemBanners(scope);
  if (banners.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <BannerAlerts banners={banners} dismiss={dismiss} />
    </Suspense>
  );
}
