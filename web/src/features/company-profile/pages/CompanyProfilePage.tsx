import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';

/** My company: the customer's view of the selected company. */
export function CompanyProfilePage() {
  const { t } = useTranslation('companyProfile');
  return <PagePlaceholder title={t('page.title')} />;
}
