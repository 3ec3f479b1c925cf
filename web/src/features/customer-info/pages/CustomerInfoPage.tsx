import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';

/** Customer info: the provider staff's view of the selected company. */
export function CustomerInfoPage() {
  const { t } = useTranslation('customerInfo');
  return <PagePlaceholder title={t('page.title')} />;
}
