// What other features mount: the company profile shows the e-mail settings list and the
// accepted senders' tabs (spec 002 §2.7, §2.10).
export { CompanyEmailsTabs, type CompanyEmailsTabsProps } from './components/CompanyEmailsTabs';
export { EmailSettingsTable, type EmailSettingsTableProps } from './components/EmailSettingsTable';
export { CompanyMailSection, type CompanyMailSectionProps } from './components/CompanyMailSection';
