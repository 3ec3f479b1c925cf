import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { canInCompany } from '../../../app/session/abilities';
import { findCompany } from '../../../app/session/companies';
import { useInit } from '../../../app/session/SessionProvider';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { CompanyProfileView } from '../../companies';
import { CompanyMailSection } from '../../mail-settings';
import { SsoSettingsEntry } from '../../customer-info';
import { CompanyUsersTable } from '../../people';

/**
 * My company (customers): the info card without general info, the company's users (customer admins
 * manage them there), and the dynamic settings whose general tab holds the e-mail settings and the
 * accepted e-mails and domains (spec 002 §2.7).
 */
export function CompanyProfilePage() {
  const { t } = useTranslation('companyProfile');
  const { selected_company_id: companyId = '' } = useParams();
  const init = useInit();
  useDocumentTitle(t('page.title'));
  const company = findCompany(init, companyId);
  const editable = canInCompany(init.user, company, 'update', 'DynamicFieldValue');
  const canAdd = {
    emails: canInCompany(init.user, company, 'create', 'CompanyAcceptedEmail'),
    domains: canInCompany(init.user, company, 'create', 'CompanyAcceptedDomain'),
  };
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <CompanyProfileView
        companyId={companyId}
        generalInfo={false}
        editable={editable}
        generalExtra={<CompanyMailSection companyId={companyId} canAdd={canAdd} />}
      >
        <SsoSettingsEntry companyId={companyId} />
        <section aria-labelledby="company-users-title">
          <Typography.Title id="company-users-title" level={2} style={{ fontSize: 18, margin: '0 0 12px' }}>
            {t('users.title')}
          </Typography.Title>
          <CompanyUsersTable companyId={companyId} label={t('users.title')} />
        </section>
      </CompanyProfileView>
    </Flex>
  );
}
