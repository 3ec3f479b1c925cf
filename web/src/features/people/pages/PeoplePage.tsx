import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { CustomerUsersTable } from '../components/CustomerUsersTable';
import { PorticoUsersTable } from '../components/PorticoUsersTable';

/** People (provider staff, /:selected_company_id/people): the selected company's customer users and its agents. */
export function PeoplePage() {
  const { t } = useTranslation('people');
  const { selected_company_id: companyId = '' } = useParams();
  useDocumentTitle(t('page.title'));
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t('customer_users.title')}
      </Typography.Title>
      <CustomerUsersTable companyId={companyId} adminPanel={false} label={t('customer_users.title')} />
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t('agents.title')}
      </Typography.Title>
      <PorticoUsersTable companyId={companyId} adminPanel={false} label={t('agents.title')} />
    </Flex>
  );
}
