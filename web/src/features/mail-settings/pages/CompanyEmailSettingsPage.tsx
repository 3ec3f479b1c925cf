import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/router/paths';
import { SettingsPage } from '../../../shared/ui/SettingsPage';
import { EmailSettingsTable } from '../components/EmailSettingsTable';
import { useMailSettingsCompany } from '../hooks/useMailSettingsCompany';

/** /companies/:selected_company_id/email-settings (admin panel, spec 002 §2.10). */
export function CompanyEmailSettingsPage() {
  const { t } = useTranslation('mailSettings');
  const { t: ta } = useTranslation('admin');
  const { selected_company_id: companyId = '' } = useParams();
  const company = useMailSettingsCompany(companyId);
  const breadcrumb = [
    { key: 'companies', title: <Link to={paths.companies()}>{ta('page.Companies')}</Link> },
    ...(company.name ? [{ key: 'company', title: <Link to={paths.company(companyId)}>{company.name}</Link> }] : []),
    { key: 'page', title: ta('page.CompanyEmailSettings') },
  ];
  return (
    <SettingsPage
      breadcrumb={breadcrumb}
      title={ta('page.CompanyEmailSettings')}
      subtitle={company.name ? t('settings.subtitle', { company: company.name }) : undefined}
      state={company.state}
    >
      <EmailSettingsTable companyId={companyId} admin />
    </SettingsPage>
  );
}
