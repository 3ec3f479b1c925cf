import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';

/** Profile of a provider staff member in the selected company. */
export function GsProfilePage() {
  const { t } = useTranslation('profile');
  return <PagePlaceholder title={t('gs_profile.title')} />;
}
