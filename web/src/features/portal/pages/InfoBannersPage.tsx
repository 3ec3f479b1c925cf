import { useTranslation } from 'react-i18next';
import { BannersPanel } from '../components/BannersPanel';
import { PortalManagementLayout } from '../components/PortalManagementLayout';

/** /portal-management/info-banners (GlobalSystemBanners): the global banners; the admin panel's global admin manages them. */
export function InfoBannersPage() {
  const { t } = useTranslation('portal');
  return (
    <PortalManagementLayout active="info-banners" title={t('management.info_banners')}>
      <BannersPanel companyId={null} canCreate canUpdate canDestroy />
    </PortalManagementLayout>
  );
}
