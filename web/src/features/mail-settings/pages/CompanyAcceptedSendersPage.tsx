import { ArrowLeftOutlined } from '@ant-design/icons';
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
  // A view of the company card (which draws the breadcrumb); the back-link of the accepted
  // lists goes to CompanyEmailSettings (spec 002 §2.10).
  const back = (
    <Link to={paths.companyEmailSettings(companyId)}>
      <ArrowLeftOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
      {ta('page.CompanyEmailSettings')}
    </Link>
  );
  return (
    <SettingsPage
      back={back}
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
