import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';

/** My profile: the signed-in user's own profile. */
export function MyProfilePage() {
  const { t } = useTranslation('profile');
  return <PagePlaceholder title={t('my_profile.title')} />;
}
