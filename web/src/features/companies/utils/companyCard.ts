import type { RouteName } from '../../../app/router/routeTable';

/** The company card's child views as tabs, in the spec's order, with their address segments (spec 002 §2.1). */
export const COMPANY_CARD_TABS: ReadonlyArray<{ readonly route: RouteName; readonly segment: string }> = [
  { route: 'CompanyCustomerInfo', segment: 'customer-info' },
  { route: 'CompanyPorticoUsers', segment: 'portico-users' },
  { route: 'CompanyCustomerUsers', segment: 'customer-users' },
  { route: 'CompanyDeleteAttachments', segment: 'delete-attachments' },
  { route: 'CompanyLogInOptions', segment: 'log-in-options' },
  { route: 'CompanyEmailSettings', segment: 'email-settings' },
  { route: 'CompanyWorkflows', segment: 'company-workflows' },
  { route: 'CompanyWorkflowsRun', segment: 'workflows-run' },
  { route: 'CompanyCountries', segment: 'countries' },
  { route: 'CompanySystemBanners', segment: 'system-banners' },
];

/** Routes shown inside the card; the accepted lists belong to the e-mail settings tab. */
export const COMPANY_CARD_ROUTES: readonly RouteName[] = [
  ...COMPANY_CARD_TABS.map((tab) => tab.route),
  'CompanyAcceptedEmails',
  'CompanyAcceptedDomains',
];

/** The tab a card route belongs to. */
export function cardTabOf(route: RouteName | undefined): RouteName {
  switch (route) {
    case 'CompanyAcceptedEmails':
    case 'CompanyAcceptedDomains':
      return 'CompanyEmailSettings';
    case 'EditCompanyWorkflow':
      return 'CompanyWorkflows';
    default:
      return COMPANY_CARD_TABS.some((tab) => tab.route === route) ? (route as RouteName) : 'CompanyCustomerInfo';
  }
}

export const companyChildPath = (companyId: string, segment: string): string =>
  `/companies/${encodeURIComponent(companyId)}/${segment}`;
