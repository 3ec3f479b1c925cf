// Builders for the app's addresses, so that no page spells a route by hand.

const seg = (value: string): string => encodeURIComponent(value);

/** A query as an address ends with it: `?a=1&b=2`, or nothing when empty. */
export function queryString(search: URLSearchParams): string {
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

/** The address's query (location.search) without one parameter, as queryString gives it. */
export function queryWithout(search: string, name: string): string {
  const next = new URLSearchParams(search);
  next.delete(name);
  return queryString(next);
}

export interface CompanyScope {
  /** A company uuid, or a group uuid when group is true. */
  readonly companyId?: string | null;
  readonly group?: boolean;
}

function scoped(suffix: string, scope: CompanyScope): string {
  if (!scope.companyId) return `/${suffix}?all_companies=true`;
  return `/${seg(scope.companyId)}/${suffix}${scope.group ? '?group=true' : ''}`;
}

/** An admin panel list of every company, or of one when companyId is given. */
const adminList = (suffix: string, companyId: string | null | undefined): string =>
  companyId ? `/${seg(companyId)}/${suffix}` : `/${suffix}`;

export const paths = {
  root: (): string => '/',
  login: (opts: { redirectTo?: string | null; error?: string | null } = {}): string => {
    const query = new URLSearchParams();
    if (opts.error) query.set('error', opts.error);
    if (opts.redirectTo) query.set('redirect_to', opts.redirectTo);
    const qs = query.toString();
    return qs ? `/login?${qs}` : '/login';
  },
  inbox: (scope: CompanyScope = {}): string => scoped('inbox', scope),
  tasks: (scope: CompanyScope = {}): string => scoped('tasks', scope),
  files: (companyId: string): string => `/${seg(companyId)}/shared-files`,
  companyProfile: (companyId: string): string => `/${seg(companyId)}/company-profile`,
  people: (companyId: string): string => `/${seg(companyId)}/people`,
  analytics: (companyId: string): string => `/${seg(companyId)}/analytics`,
  customerInfo: (companyId: string): string => `/${seg(companyId)}/customer-info`,
  ssoSettings: (companyId: string): string => `/${seg(companyId)}/customer-info/sso-settings`,
  notificationSettings: (): string => '/notification-settings',
  myProfile: (): string => '/my-profile',
  profile: (companyId: string, userId: string): string => `/${seg(companyId)}/profile/${seg(userId)}`,
  gsProfile: (companyId: string, userId: string): string => `/${seg(companyId)}/gs-profile/${seg(userId)}`,
  terms: (companyId: string): string => `/${seg(companyId)}/terms-and-conditions`,
  noCompany: (): string => '/no-company',
  noCategory: (): string => '/no-category',
  uiUpdated: (): string => '/ui-updated',
  // Admin panel.
  gsUsers: (companyId?: string | null): string => adminList('portico-users', companyId),
  companies: (): string => '/companies',
  customerUsers: (companyId?: string | null): string => adminList('customer-users', companyId),
  customerUserEdit: (userId: string): string => `/customer-user/${seg(userId)}/edit`,
  events: (companyId?: string | null): string => adminList('logs', companyId),
  portalManagement: (): string => '/portal-management',
  infoBanners: (): string => '/portal-management/info-banners',
  countries: (): string => '/portal-management/countries',
  countryHolidays: (countryId: string, year?: string): string =>
    `/portal-management/country_holidays/${seg(countryId)}${year ? `?year=${encodeURIComponent(year)}` : ''}`,
  workflows: (): string => '/workflows',
  dynamicFields: (): string => '/dynamic-fields',
  createWorkflow: (): string => '/workflows/create',
  editWorkflow: (workflowId: string): string => `/workflows/${seg(workflowId)}/edit`,
  workflowCompanies: (workflowId: string): string => `/workflows/${seg(workflowId)}/companies`,
  /** Run analytics of one workflow, and of every workflow. */
  workflowInsights: (workflowId: string): string => `/workflows/${seg(workflowId)}/insights`,
  workflowsInsights: (): string => '/workflows/insights',
  company: (companyId: string): string => `/companies/${seg(companyId)}`,
  companyEmailSettings: (companyId: string): string => `/companies/${seg(companyId)}/email-settings`,
  companyAcceptedEmails: (companyId: string): string => `/companies/${seg(companyId)}/accepted-emails`,
  companyAcceptedDomains: (companyId: string): string => `/companies/${seg(companyId)}/accepted-domains-list`,
  companyDeleteAttachments: (companyId: string): string => `/companies/${seg(companyId)}/delete-attachments`,
  companyWorkflowsRun: (companyId: string): string => `/companies/${seg(companyId)}/workflows-run`,
  companyWorkflows: (companyId: string): string => `/companies/${seg(companyId)}/company-workflows`,
  editCompanyWorkflow: (companyId: string, companyWorkflowId: string): string =>
    `/companies/${seg(companyId)}/workflows/${seg(companyWorkflowId)}/edit`,
  workflowDetails: (companyId: string, instanceId: string): string =>
    `/companies/${seg(companyId)}/workflows-run/workflow-details/${seg(instanceId)}`,
  /** Company workflows and runs for staff outside the admin panel. */
  agentCompanyWorkflows: (companyId: string): string => `/${seg(companyId)}/company-workflows`,
  agentWorkflowsRun: (companyId: string): string => `/${seg(companyId)}/workflows-run`,
  agentWorkflowDetails: (companyId: string, instanceId: string): string =>
    `/${seg(companyId)}/workflows-run/workflow-details/${seg(instanceId)}`,
  /** The workload forecast across the companies staff see. */
  workflowForecast: (): string => '/workflows/forecast',
} as const;

/** Server-side login entry points (full page loads, not router links). */
export const authUrls = {
  google: '/auth/google_oauth2',
  microsoft: '/auth/azure_oauth2',
  sso: '/auth/sso',
  dev: '/auth/dev',
} as const;

/**
 * Accepts a redirect_to value only when it is a path on this site, so that a crafted
 * login link cannot send the user elsewhere after sign-in.
 */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/auth/')) return null;
  return value;
}
