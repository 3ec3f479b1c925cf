// Every route of the app with its name and meta, as in spec 000 §2. This table is pure
// data: the router renders it (router.tsx) and the guards read it (guards.ts).

export type MainRouteName =
  | 'Root'
  | 'Inbox'
  | 'Tasks'
  | 'Files'
  | 'CompanyProfile'
  | 'People'
  | 'Analytics'
  | 'CustomerInfo'
  | 'SSOSettings'
  | 'NotificationSettings'
  | 'MyProfile'
  | 'Profile'
  | 'GSProfile'
  | 'AgentCompanyWorkflows'
  | 'AgentWorkflowsRun'
  | 'AgentWorkflowDetails'
  | 'WorkflowForecast';

export type ShellRouteName = 'Login' | 'NoCompany' | 'NoCategory' | 'UiUpdated' | 'TermsAndConditions';

export type AdminRouteName =
  | 'GSUsers'
  | 'Companies'
  | 'Company'
  | 'CompanyCustomerInfo'
  | 'CompanyPorticoUsers'
  | 'CompanyCustomerUsers'
  | 'CompanyDeleteAttachments'
  | 'CompanyLogInOptions'
  | 'CompanySystemBanners'
  | 'CompanyEmailSettings'
  | 'CompanyCountries'
  | 'CompanyWorkflows'
  | 'CompanyWorkflowsRun'
  | 'EditCompanyWorkflow'
  | 'WorkflowDetails'
  | 'CompanyAcceptedEmails'
  | 'CompanyAcceptedDomains'
  | 'CustomerUsers'
  | 'CustomerUserEdit'
  | 'Events'
  | 'PortalManagement'
  | 'InfoBanners'
  | 'Countries'
  | 'CountryHolidays'
  | 'Workflows'
  | 'WorkflowCompanies'
  | 'CreateWorkflow'
  | 'EditWorkflow'
  | 'WorkflowInsights'
  | 'WorkflowsInsights'
  | 'DynamicFields';

export type RouteName = MainRouteName | ShellRouteName | AdminRouteName;

/** Which frame a page renders in. */
export type RouteLayout = 'main' | 'lite' | 'bare' | 'admin';

/**
 * guest: only for signed-out visitors (login); any: everyone; user: sign-in required.
 */
export type RouteAccess = 'guest' | 'any' | 'user';

/** Provider-only routes are blocked for customers and customer-only ones for provider staff. */
export type RouteAudience = 'provider' | 'customer';

export type RouteParams = Readonly<Record<string, string | undefined>>;

export interface RouteMeta {
  readonly name: RouteName;
  readonly layout: RouteLayout;
  readonly access: RouteAccess;
  readonly audience?: RouteAudience;
  /** Admin panel route: only for users with init.adminPanel. */
  readonly adminPanel?: boolean;
  /** Inbox and Tasks: without a company the route shows all companies (all_companies=true). */
  readonly allowedAllCompaniesQuery?: boolean;
  readonly showAllCompanies?: boolean;
  /** Inbox and Tasks: a company group can be chosen here, and only here (spec 000 §2.1). */
  readonly allowsGroups?: boolean;
  readonly showCategorySwitcher?: boolean;
  readonly hideCompanySwitcher?: boolean;
  /** The user needs at least one company to see the page. */
  readonly needsCompanies?: boolean;
  /** A company ability the user must hold in the selected company, with the page to go to otherwise. */
  readonly ability?: { readonly action: string; readonly subject?: string };
  /** A route that only forwards to its default child. */
  readonly redirect?: (params: RouteParams) => string;
}

export interface RouteDef {
  readonly path: string;
  readonly meta: RouteMeta;
}

const main = (name: MainRouteName, path: string, extra: Partial<RouteMeta> = {}): RouteDef => ({
  path,
  meta: { name, layout: 'main', access: 'user', needsCompanies: true, ...extra },
});

const admin = (name: AdminRouteName, path: string, extra: Partial<RouteMeta> = {}): RouteDef => ({
  path,
  meta: { name, layout: 'admin', access: 'user', adminPanel: true, hideCompanySwitcher: true, ...extra },
});

const ADMIN_COMPANY_SWITCHER: Partial<RouteMeta> = { hideCompanySwitcher: false, showAllCompanies: true };

const company = (params: RouteParams): string => encodeURIComponent(params.selected_company_id ?? '');

export const ROUTES: readonly RouteDef[] = [
  // Main area (spec 000 §2.1).
  main('Root', '/'),
  main('Inbox', '/:selected_company_id?/inbox/:inbox_task_id?', {
    allowedAllCompaniesQuery: true,
    showAllCompanies: true,
    allowsGroups: true,
    showCategorySwitcher: true,
  }),
  main('Tasks', '/:selected_company_id?/tasks/:inbox_task_id?', {
    audience: 'provider',
    allowedAllCompaniesQuery: true,
    showAllCompanies: true,
    allowsGroups: true,
    showCategorySwitcher: true,
  }),
  main('Files', '/:selected_company_id/shared-files'),
  main('CompanyProfile', '/:selected_company_id/company-profile', { audience: 'customer' }),
  main('People', '/:selected_company_id/people', { audience: 'provider' }),
  main('Analytics', '/:selected_company_id/analytics', { audience: 'provider' }),
  main('CustomerInfo', '/:selected_company_id/customer-info', { audience: 'provider' }),
  main('SSOSettings', '/:selected_company_id/customer-info/sso-settings', {
    ability: { action: 'save_sso' },
  }),
  main('NotificationSettings', '/notification-settings', { hideCompanySwitcher: true }),
  main('MyProfile', '/my-profile', { needsCompanies: false, hideCompanySwitcher: true }),
  main('Profile', '/:selected_company_id/profile/:id'),
  main('GSProfile', '/:selected_company_id/gs-profile/:id', { audience: 'provider' }),
  // Company workflows and runs for staff outside the admin panel (issue 13; the spec names only the
  // admin panel's routes, so these take the same segments under the selected company).
  main('AgentCompanyWorkflows', '/:selected_company_id/company-workflows', { audience: 'provider' }),
  main('AgentWorkflowsRun', '/:selected_company_id/workflows-run', { audience: 'provider' }),
  main('AgentWorkflowDetails', '/:selected_company_id/workflows-run/workflow-details/:workflow_instance_id', {
    audience: 'provider',
  }),
  // The workload forecast across the companies staff see (issue 31); not a company's page.
  main('WorkflowForecast', '/workflows/forecast', { audience: 'provider', hideCompanySwitcher: true }),

  // Shell pages (spec 000 §2.3, §2.5).
  { path: '/login', meta: { name: 'Login', layout: 'bare', access: 'guest' } },
  { path: '/no-company', meta: { name: 'NoCompany', layout: 'lite', access: 'user' } },
  { path: '/no-category', meta: { name: 'NoCategory', layout: 'lite', access: 'user' } },
  { path: '/ui-updated', meta: { name: 'UiUpdated', layout: 'lite', access: 'any' } },
  {
    path: '/:selected_company_id/terms-and-conditions',
    meta: { name: 'TermsAndConditions', layout: 'lite', access: 'user', needsCompanies: true },
  },

  // Admin panel (spec 000 §2.2).
  // The admin panel's lists of every company or one: the header's company switcher picks (spec 000 §2.5).
  admin('GSUsers', '/:selected_company_id?/portico-users', ADMIN_COMPANY_SWITCHER),
  admin('Companies', '/companies'),
  admin('Company', '/companies/:selected_company_id', {
    redirect: (p) => `/companies/${company(p)}/customer-info`,
  }),
  admin('CompanyCustomerInfo', '/companies/:selected_company_id/customer-info'),
  admin('CompanyPorticoUsers', '/companies/:selected_company_id/portico-users'),
  admin('CompanyCustomerUsers', '/companies/:selected_company_id/customer-users'),
  admin('CompanyDeleteAttachments', '/companies/:selected_company_id/delete-attachments'),
  admin('CompanyLogInOptions', '/companies/:selected_company_id/log-in-options'),
  admin('CompanySystemBanners', '/companies/:selected_company_id/system-banners'),
  admin('CompanyEmailSettings', '/companies/:selected_company_id/email-settings'),
  admin('CompanyCountries', '/companies/:selected_company_id/countries'),
  admin('CompanyWorkflows', '/companies/:selected_company_id/company-workflows'),
  admin('CompanyWorkflowsRun', '/companies/:selected_company_id/workflows-run'),
  admin('EditCompanyWorkflow', '/companies/:selected_company_id/workflows/:company_workflow_id/edit'),
  admin(
    'WorkflowDetails',
    '/companies/:selected_company_id/workflows-run/workflow-details/:workflow_instance_id',
  ),
  admin('CompanyAcceptedEmails', '/companies/:selected_company_id/accepted-emails'),
  admin('CompanyAcceptedDomains', '/companies/:selected_company_id/accepted-domains-list'),
  admin('CustomerUsers', '/:selected_company_id?/customer-users', ADMIN_COMPANY_SWITCHER),
  admin('CustomerUserEdit', '/:selected_company_id?/customer-user/:user_id/edit'),
  admin('Events', '/:selected_company_id?/logs', ADMIN_COMPANY_SWITCHER),
  admin('PortalManagement', '/portal-management', { redirect: () => '/portal-management/info-banners' }),
  admin('InfoBanners', '/portal-management/info-banners'),
  admin('Countries', '/portal-management/countries'),
  admin('CountryHolidays', '/portal-management/country_holidays/:country_id'),
  admin('Workflows', '/workflows'),
  admin('WorkflowCompanies', '/workflows/:workflow_id/companies'),
  admin('CreateWorkflow', '/workflows/create'),
  admin('EditWorkflow', '/workflows/:workflow_id/edit'),
  // Run analytics (issue 31): of one workflow, and of every workflow.
  admin('WorkflowInsights', '/workflows/:workflow_id/insights'),
  admin('WorkflowsInsights', '/workflows/insights'),
  admin('DynamicFields', '/dynamic-fields'),
];

export const ROUTES_BY_NAME: Readonly<Record<RouteName, RouteDef>> = Object.fromEntries(
  ROUTES.map((r) => [r.meta.name, r]),
) as Record<RouteName, RouteDef>;
