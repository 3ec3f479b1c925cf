import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';

/** SSO settings of the selected company (ability save_sso). */
export function SsoSettingsPage() {
  const { t } = useTranslation('customerInfo');
  return <PagePlaceholder title={t('sso.title')} />;
}
