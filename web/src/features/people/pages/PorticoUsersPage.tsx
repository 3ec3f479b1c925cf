import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { PorticoUsersTable } from '../components/PorticoUsersTable';

/** GSUsers (admin panel, /:selected_company_id?/portico-users, the default): every provider user, or one company's. */
export function PorticoUsersPage() {
  const { t } = useTranslation('people');
  const { selected_company_id: companyId } = useParams();
  useDocumentTitle(t('agents.title'));
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('agents.title')}
      </Typography.Title>
      <PorticoUsersTable companyId={companyId ?? null} adminPanel label={t('agents.title')} />
    </Flex>
  );
}

/** CompanyGsUsers: the company card's provider users (admin panel). */
export function CompanyPorticoUsersPage() {
  const { t } = useTranslation('people');
  const { selected_company_id: companyId = '' } = useParams();
  useDocumentTitle(t('agents.title'));
  return <PorticoUsersTable companyId={companyId} adminPanel label={t('agents.title')} />;
}
