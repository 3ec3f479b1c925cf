import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SettingsPage } from '../../../shared/ui/SettingsPage';
import { EmailSettingsTable } from '../components/EmailSettingsTable';
import { useMailSettingsCompany } from '../hooks/useMailSettingsCompany';

/** /companies/:selected_company_id/email-settings (admin panel, spec 002 §2.10): a view of the company card. */
export function CompanyEmailSettingsPage() {
  const { t } = useTranslation('mailSettings');
  const { t: ta } = useTranslation('admin');
  const { selected_company_id: companyId = '' } = useParams();
  const company = useMailSettingsCompany(companyId);
  // a view of the company card, which draws the breadcrumb and the company's name
  return (
    <SettingsPage
      title={ta('page.CompanyEmailSettings')}
      subtitle={company.name ? t('settings.subtitle', { company: company.name }) : undefined}
      state={company.state}
    >
      <EmailSettingsTable companyId={companyId} admin />
    </SettingsPage>
  );
}
