import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';
import { SsoSettingsEntry } from '../../customer-info/components/SsoSettingsEntry';

/** My company: the customer's view of the selected company. */
export function CompanyProfilePage() {
  const { t } = useTranslation('companyProfile');
  const { selected_company_id: companyId = '' } = useParams();
  return (
    <Flex vertical gap="large">
      <PagePlaceholder title={t('page.title')} />
      <SsoSettingsEntry companyId={companyId} />
    </Flex>
  );
}
