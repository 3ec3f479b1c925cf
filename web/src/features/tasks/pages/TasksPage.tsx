import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';

/** Tasks: the provider staff's task table. */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  return <PagePlaceholder title={t('page.title')} />;
}
