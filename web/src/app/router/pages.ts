import { lazy, type ComponentType } from 'react';
import type { RouteName } from './routeTable';
import { settled } from './settled';

// Every page is its own chunk (React.lazy), so the first load carries only the shell.
// PAGE_PRELOADS keeps each page's import, so the first page's chunk can be fetched at boot
// (preload.ts) beside init.json instead of after it: import() answers both from one fetch.
// A page whose chunk is here already renders at once (settled): through a promise it
// suspended for a moment, and React then held it back until 300 ms after its fallback showed.
const PAGE_PRELOADS = new Map<ComponentType, () => Promise<unknown>>();

function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  let loaded: ComponentType | undefined;
  const fetchPage = () => load().then((module) => (loaded = module[name] as ComponentType));
  const component = lazy(() => (loaded ? settled({ default: loaded }) : fetchPage().then((c) => ({ default: c }))));
  PAGE_PRELOADS.set(component, fetchPage);
  return component;
}

/** Starts fetching a page's chunk (nothing for pages that never render). */
export function preloadPage(name: RouteName): void {
  void PAGE_PRELOADS.get(PAGES[name])?.().catch(() => {
    // The page's own lazy import reports the failure when it renders.
  });
}

const inbox = page(() => import('../../features/inbox/pages/InboxPage'), 'InboxPage');
const loadWorkflowCanvasPages = () => import('../../features/workflows/canvasPages');
const workflowEditor = page(loadWorkflowCanvasPages, 'WorkflowEditorPage');
const loadCustomerUsers = () => import('../../features/people/pages/CustomerUsersPage');
const loadPorticoUsers = () => import('../../features/people/pages/PorticoUsersPage');
const loadPortalPages = () => import('../../features/portal/pages');
const loadInsightsPages = () => import('../../features/workflows/insights/insightsPages');

/** Routes that never render: a guard always forwards them (Root, default children). */
const Forwarding: ComponentType = () => null;

export const PAGES: Record<RouteName, ComponentType> = {
  Root: Forwarding,
  Inbox: inbox,
  Tasks: page(() => import('../../features/tasks/pages/TasksPage'), 'TasksPage'),
  Files: page(() => import('../../features/files/pages/FilesPage'), 'FilesPage'),
  CompanyProfile: page(() => import('../../features/company-profile/pages/CompanyProfilePage'), 'CompanyProfilePage'),
  People: page(() => import('../../features/people/pages/PeoplePage'), 'PeoplePage'),
  Analytics: page(() => import('../../features/analytics/pages/AnalyticsPage'), 'AnalyticsPage'),
  CustomerInfo: page(() => import('../../features/customer-info/pages/CustomerInfoPage'), 'CustomerInfoPage'),
  SSOSettings: page(() => import('../../features/customer-info/pages/SsoSettingsPage'), 'SsoSettingsPage'),
  NotificationSettings: page(
    () => import('../../features/notification-settings/pages/NotificationSettingsPage'),
    'NotificationSettingsPage',
  ),
  MyProfile: page(() => import('../../features/profile/pages/MyProfilePage'), 'MyProfilePage'),
  Profile: page(() => import('../../features/profile/pages/ProfilePage'), 'ProfilePage'),
  GSProfile: page(() => import('../../features/profile/pages/GsProfilePage'), 'GsProfilePage'),
  AgentCompanyWorkflows: page(() => import('../../features/workflows/company/CompanyWorkflowsPage'), 'CompanyWorkflowsPage'),
  AgentWorkflowsRun: page(() => import('../../features/workflows/runs/CompanyWorkflowRunsPage'), 'CompanyWorkflowRunsPage'),
  AgentWorkflowDetails: page(loadWorkflowCanvasPages, 'WorkflowDetailsPage'),
  WorkflowForecast: page(() => import('../../features/workflows/forecast/WorkflowForecastPage'), 'WorkflowForecastPage'),

  Login: page(() => import('../../features/auth/pages/LoginPage'), 'LoginPage'),
  NoCompany: page(() => import('../../features/auth/pages/NoCompanyPage'), 'NoCompanyPage'),
  NoCategory: page(() => import('../../features/auth/pages/NoCategoryPage'), 'NoCategoryPage'),
  UiUpdated: page(() => import('../../features/system/pages/UiUpdatedPage'), 'UiUpdatedPage'),
  TermsAndConditions: page(
    () => import('../../features/terms/pages/TermsAndConditionsPage'),
    'TermsAndConditionsPage',
  ),

  GSUsers: page(loadPorticoUsers, 'PorticoUsersPage'),
  Companies: page(() => import('../../features/companies/pages/CompaniesPage'), 'CompaniesPage'),
  Company: Forwarding,
  CompanyCustomerInfo: page(() => import('../../features/companies/pages/CompanyCustomerInfoPage'), 'CompanyCustomerInfoPage'),
  CompanyPorticoUsers: page(loadPorticoUsers, 'CompanyPorticoUsersPage'),
  CompanyCustomerUsers: page(loadCustomerUsers, 'CompanyCustomerUsersPage'),
  CompanyDeleteAttachments: page(
    () => import('../../features/attachments-admin/pages/CompanyDeleteAttachmentsPage'),
    'CompanyDeleteAttachmentsPage',
  ),
  CompanyLogInOptions: page(() => import('../../features/admin/pages/CompanyLogInOptionsPage'), 'CompanyLogInOptionsPage'),
  CompanySystemBanners: page(loadPortalPages, 'CompanySystemBannersPage'),
  CompanyEmailSettings: page(
    () => import('../../features/mail-settings/pages/CompanyEmailSettingsPage'),
    'CompanyEmailSettingsPage',
  ),
  CompanyCountries: page(() => import('../../features/companies/pages/CompanyCountriesPage'), 'CompanyCountriesPage'),
  CompanyWorkflows: page(() => import('../../features/workflows/company/CompanyWorkflowsPage'), 'CompanyWorkflowsPage'),
  CompanyWorkflowsRun: page(() => import('../../features/workflows/runs/CompanyWorkflowRunsPage'), 'CompanyWorkflowRunsPage'),
  EditCompanyWorkflow: page(loadWorkflowCanvasPages, 'EditCompanyWorkflowPage'),
  WorkflowDetails: page(loadWorkflowCanvasPages, 'WorkflowDetailsPage'),
  CompanyAcceptedEmails: page(
    () => import('../../features/mail-settings/pages/CompanyAcceptedSendersPage'),
    'CompanyAcceptedEmailsPage',
  ),
  CompanyAcceptedDomains: page(
    () => import('../../features/mail-settings/pages/CompanyAcceptedSendersPage'),
    'CompanyAcceptedDomainsPage',
  ),
  CustomerUsers: page(loadCustomerUsers, 'CustomerUsersPage'),
  CustomerUserEdit: page(() => import('../../features/people/pages/CustomerUserEditPage'), 'CustomerUserEditPage'),
  Events: page(loadPortalPages, 'EventsPage'),
  PortalManagement: Forwarding,
  InfoBanners: page(loadPortalPages, 'InfoBannersPage'),
  Countries: page(loadPortalPages, 'CountriesPage'),
  CountryHolidays: page(loadPortalPages, 'CountryHolidaysPage'),
  Workflows: page(() => import('../../features/workflows/list/WorkflowsPage'), 'WorkflowsPage'),
  WorkflowCompanies: page(() => import('../../features/workflows/companies/WorkflowCompaniesPage'), 'WorkflowCompaniesPage'),
  CreateWorkflow: workflowEditor,
  EditWorkflow: workflowEditor,
  WorkflowInsights: page(loadInsightsPages, 'WorkflowInsightsPage'),
  WorkflowsInsights: page(loadInsightsPages, 'WorkflowsInsightsPage'),
  DynamicFields: page(() => import('../../features/companies/pages/DynamicFieldsPage'), 'DynamicFieldsPage'),
};

/**
 * The company card (route Company): the frame its child views render in, with the breadcrumb
 * and the tabs (router.tsx nests COMPANY_CARD_ROUTES under it).
 */
export const CompanyCardFrame = page(
  () => import('../../features/companies/components/CompanyCardLayout'),
  'CompanyCardLayout',
);

export const NotFoundPage = page(() => import('../../features/system/pages/NotFoundPage'), 'NotFoundPage');
