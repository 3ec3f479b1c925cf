// The sidebar's items per role (spec 000 §2.5), as a pure function of who the user is
// and what is selected.

import type { ParseKeys } from 'i18next';
import { paths } from '../router/paths';
import type { RouteName } from '../router/routeTable';
import type { UserType } from '../session/types';

export type NavKey =
  | 'inbox'
  | 'tasks'
  | 'files'
  | 'my_company'
  | 'customer_info'
  | 'people'
  | 'analytics'
  | 'company_workflows'
  | 'workflow_forecast'
  | 'gs_users'
  | 'companies'
  | 'customer_users'
  | 'portal_management'
  | 'events_log'
  | 'workflows'
  | 'workflow_insights'
  | 'dynamic_fields';

export interface NavItem {
  readonly key: NavKey;
  readonly to: string;
  readonly label: ParseKeys<'common'>;
  /** Routes under which this item is the active one. */
  readonly routes: readonly RouteName[];
  /** Shows the unread badge (customers' Inbox). */
  readonly unreadBadge?: boolean;
}

export interface NavInput {
  readonly userType: UserType;
  /** The admin panel is shown (an admin panel route). */
  readonly adminPanel: boolean;
  /**
   * The selected company, or group uuid when group is true; null for all companies. In the
   * admin panel: the company the header's switcher chose, null where the page shows no switcher.
   */
  readonly companyId: string | null;
  readonly group: boolean;
  /** The mobile layout shows only the Inbox (spec 000 §2.5). */
  readonly platform?: 'desktop' | 'mobile';
}

// The admin panel's items; the lists of every company or one keep the company chosen in the header.
const adminItems = (companyId: string | null): NavItem[] => [
  { key: 'gs_users', to: paths.gsUsers(companyId), label: 'nav.admin.gs_users', routes: ['GSUsers'] },
  {
    key: 'companies',
    to: paths.companies(),
    label: 'nav.admin.companies',
    routes: [
      'Companies',
      'Company',
      'CompanyCustomerInfo',
      'CompanyPorticoUsers',
      'CompanyCustomerUsers',
      'CompanyDeleteAttachments',
      'CompanyLogInOptions',
      'CompanySystemBanners',
      'CompanyEmailSettings',
      'CompanyCountries',
      'CompanyWorkflows',
      'CompanyWorkflowsRun',
      'EditCompanyWorkflow',
      'WorkflowDetails',
      'CompanyAcceptedEmails',
      'CompanyAcceptedDomains',
    ],
  },
  {
    key: 'customer_users',
    to: paths.customerUsers(companyId),
    label: 'nav.admin.customer_users',
    routes: ['CustomerUsers', 'CustomerUserEdit'],
  },
  {
    key: 'portal_management',
    to: paths.portalManagement(),
    label: 'nav.admin.portal_management',
    routes: ['PortalManagement', 'InfoBanners', 'Countries', 'CountryHolidays'],
  },
  { key: 'events_log', to: paths.events(companyId), label: 'nav.admin.events_log', routes: ['Events'] },
  {
    key: 'workflows',
    to: paths.workflows(),
    label: 'nav.admin.workflows',
    routes: ['Workflows', 'WorkflowCompanies', 'CreateWorkflow', 'EditWorkflow'],
  },
  {
    key: 'workflow_insights',
    to: paths.workflowsInsights(),
    label: 'nav.admin.workflow_insights',
    routes: ['WorkflowsInsights', 'WorkflowInsights'],
  },
  { key: 'dynamic_fields', to: paths.dynamicFields(), label: 'nav.admin.dynamic_fields', routes: ['DynamicFields'] },
];

export function navItems(input: NavInput): NavItem[] {
  if (input.adminPanel) return adminItems(input.group ? null : input.companyId);
  const scope = { companyId: input.companyId, group: input.group };
  // Items about one company are hidden when no company or a group is selected.
  const company = input.companyId && !input.group ? input.companyId : null;
  const items: NavItem[] = [];
  if (input.platform === 'mobile') {
    return [
      { key: 'inbox', to: paths.inbox(scope), label: 'nav.inbox', routes: ['Inbox'], unreadBadge: input.userType === 'customer' },
    ];
  }
  if (input.userType === 'customer') {
    items.push({ key: 'inbox', to: paths.inbox(scope), label: 'nav.inbox', routes: ['Inbox'], unreadBadge: true });
    if (company) {
      items.push({ key: 'files', to: paths.files(company), label: 'nav.files', routes: ['Files'] });
      items.push({
        key: 'my_company',
        to: paths.companyProfile(company),
        label: 'nav.my_company',
        routes: ['CompanyProfile', 'SSOSettings'],
      });
    }
    return items;
  }
  items.push({ key: 'inbox', to: paths.inbox(scope), label: 'nav.inbox', routes: ['Inbox'] });
  items.push({ key: 'tasks', to: paths.tasks(scope), label: 'nav.tasks', routes: ['Tasks'] });
  if (company) {
    items.push(
      { key: 'files', to: paths.files(company), label: 'nav.files', routes: ['Files'] },
      {
        key: 'customer_info',
        to: paths.customerInfo(company),
        label: 'nav.customer_info',
        routes: ['CustomerInfo', 'SSOSettings'],
      },
      { key: 'people', to: paths.people(company), label: 'nav.people', routes: ['People', 'Profile', 'GSProfile'] },
      { key: 'analytics', to: paths.analytics(company), label: 'nav.analytics', routes: ['Analytics'] },
      {
        key: 'company_workflows',
        to: paths.agentCompanyWorkflows(company),
        label: 'nav.company_workflows',
        routes: ['AgentCompanyWorkflows', 'AgentWorkflowsRun', 'AgentWorkflowDetails'],
      },
    );
  }
  // across companies, so whatever is selected
  items.push({ key: 'workflow_forecast', to: paths.workflowForecast(), label: 'nav.workflow_forecast', routes: ['WorkflowForecast'] });
  return items;
}

export function activeNavKey(items: readonly NavItem[], route: RouteName | undefined): NavKey | undefined {
  if (!route) return undefined;
  return items.find((item) => item.routes.includes(route))?.key;
}

/** The unread badge text: nothing for zero, the number, or "+99" above 99 (spec 000 §9). */
export const UNREAD_BADGE_CAP = 99;

export function formatUnreadBadge(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > UNREAD_BADGE_CAP ? `+${UNREAD_BADGE_CAP}` : String(count);
}

/** Realtime keys after which the unread count may have changed (spec 000 §4, Unread counters). */
export function affectsUnreadCount(key: string): boolean {
  return (
    key.startsWith('inbox_thread.') ||
    key === 'inbox_message.create' ||
    key === 'inbox_activity.read' ||
    key === 'inbox_activity.full_read' ||
    key === 'reconnected'
  );
}
