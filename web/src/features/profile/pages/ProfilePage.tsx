import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';

/** Profile of a user in the selected company. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  return <PagePlaceholder title={t('profile.title')} />;
}
