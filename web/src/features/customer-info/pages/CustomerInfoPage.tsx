import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';
import { SsoSettingsEntry } from '../components/SsoSettingsEntry';

/** Customer info: the provider staff's view of the selected company. */
export function CustomerInfoPage() {
  const { t } = useTranslation('customerInfo');
  const { selected_company_id: companyId = '' } = useParams();
  return (
    <Flex vertical gap="large">
      <PagePlaceholder title={t('page.title')} />
      <SsoSettingsEntry companyId={companyId} />
    </Flex>
  );
}
