import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { CustomerUsersTable } from '../components/CustomerUsersTable';

/** CustomerUsers (admin panel, /:selected_company_id?/customer-users): every customer, or one company's. */
export function CustomerUsersPage() {
  const { t } = useTranslation('people');
  const { selected_company_id: companyId } = useParams();
  useDocumentTitle(t('customer_users.title'));
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('customer_users.title')}
      </Typography.Title>
      <CustomerUsersTable companyId={companyId ?? null} adminPanel label={t('customer_users.title')} />
    </Flex>
  );
}

/** CompanyCustomerUsers: the company card's customer users (admin panel). */
export function CompanyCustomerUsersPage() {
  const { t } = useTranslation('people');
  const { selected_company_id: companyId = '' } = useParams();
  useDocumentTitle(t('customer_users.title'));
  return <CustomerUsersTable companyId={companyId} adminPanel label={t('customer_users.title')} />;
}
