import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/router/paths';
import { SettingsPage } from '../../../shared/ui/SettingsPage';
import { AcceptedSendersList, type AcceptedKind } from '../components/AcceptedSendersList';
import { useMailSettingsCompany } from '../hooks/useMailSettingsCompany';

function AcceptedSendersPage({ kind }: { readonly kind: AcceptedKind }) {
  const { t } = useTranslation('mailSettings');
  const { t: ta } = useTranslation('admin');
  const { selected_company_id: companyId = '' } = useParams();
  const company = useMailSettingsCompany(companyId);
  const title = ta(kind === 'emails' ? 'page.CompanyAcceptedEmails' : 'page.CompanyAcceptedDomains');
  // The back-link of the accepted lists goes to CompanyEmailSettings (spec 002 §2.10).
  const breadcrumb = [
    { key: 'companies', title: <Link to={paths.companies()}>{ta('page.Companies')}</Link> },
    ...(company.name ? [{ key: 'company', title: <Link to={paths.company(companyId)}>{company.name}</Link> }] : []),
    {
      key: 'settings',
      title: <Link to={paths.companyEmailSettings(companyId)}>{ta('page.CompanyEmailSettings')}</Link>,
    },
    { key: 'page', title },
  ];
  return (
    <SettingsPage
      breadcrumb={breadcrumb}
      title={title}
      subtitle={company.name ? t(`${kind}.subtitle`, { company: company.name }) : undefined}
      state={company.state}
    >
      <AcceptedSendersList companyId={companyId} kind={kind} admin canAdd />
    </SettingsPage>
  );
}

/** /companies/:selected_company_id/accepted-emails (admin panel). */
export function CompanyAcceptedEmailsPage() {
  return <AcceptedSendersPage kind="emails" />;
}

/** /companies/:selected_company_id/accepted-domains-list (admin panel). */
export function CompanyAcceptedDomainsPage() {
  return <AcceptedSendersPage kind="domains" />;
}
