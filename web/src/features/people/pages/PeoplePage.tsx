import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';

/** People: the users of the selected company. */
export function PeoplePage() {
  const { t } = useTranslation('people');
  return <PagePlaceholder title={t('page.title')} />;
}
