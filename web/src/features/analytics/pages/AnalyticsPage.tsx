import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';

/** Analytics: the embedded analytics of the selected company. */
export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  return <PagePlaceholder title={t('page.title')} />;
}
