import { lazy, type ComponentType } from 'react';
import { loadCompanyLogInOptionsPage } from '../../features/admin/lazy';
import { loadAnalyticsPage } from '../../features/analytics/lazy';
import { loadCompanyDeleteAttachmentsPage } from '../../features/attachments-admin/lazy';
import { loadLoginPage, loadNoCategoryPage, loadNoCompanyPage } from '../../features/auth/lazy';
import { loadCompaniesPage, loadCompanyCardLayout, loadCompanyCountriesPage, loadCompanyCustomerInfoPage, loadDynamicFieldsPage } from '../../features/companies/lazy';
import { loadCompanyProfilePage } from '../../features/company-profile/lazy';
import { loadCustomerInfoPage, loadSsoSettingsPage } from '../../features/customer-info/lazy';
import { loadFilesPage } from '../../features/files/lazy';
import { loadInboxPage } from '../../features/inbox/lazy';
import { loadCompanyAcceptedSendersPage, loadCompanyEmailSettingsPage } from '../../features/mail-settings/lazy';
import { loadNotificationSettingsPage } from '../../features/notification-settings/lazy';
import { loadCustomerUserEditPage, loadCustomerUsersPage, loadPeoplePage, loadPorticoUsersPage } from '../../features/people/lazy';
import { loadPortalPages } from '../../features/portal/lazy';
import { loadGsProfilePage, loadMyProfilePage, loadProfilePage } from '../../features/profile/lazy';
import { loadNotFoundPage, loadUiUpdatedPage } from '../../features/system/lazy';
import { loadTasksPage } from '../../features/tasks/lazy';
import { loadTermsAndConditionsPage } from '../../features/terms/lazy';
import { loadCanvasPages, loadCompanyWorkflowRunsPage, loadCompanyWorkflowsPage, loadInsightsPages, loadWorkflowCompaniesPage, loadWorkflowForecastPage, loadWorkflowsPage } from '../../features/workflows/lazy';
import { registerPagePreload } from './pagePreloads';
import type { RouteName } from './routeTable';
import { settled } from './settled';

export { preloadPage } from './pagePreloads';

// Every page is its own chunk (React.lazy), so the first load carries only the shell.
// PAGE_PRELOADS keeps each page's import, registered per route in pagePreloads.ts, so the
// first page's chunk can be fetched at boot (preload.ts) beside init.json instead of after
// it: import() answers both from one fetch.
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

const inbox = page(loadInboxPage, 'InboxPage');
const workflowEditor = page(loadCanvasPages, 'WorkflowEditorPage');

/** Routes that never render: a guard always forwards them (Root, default children). */
const Forwarding: ComponentType = () => null;

export const PAGES: Record<RouteName, ComponentType> = {
  Root: Forwarding,
  Inbox: inbox,
  Tasks: page(loadTasksPage, 'TasksPage'),
  Files: page(loadFilesPage, 'FilesPage'),
  CompanyProfile: page(loadCompanyProfilePage, 'CompanyProfilePage'),
  People: page(loadPeoplePage, 'PeoplePage'),
  Analytics: page(loadAnalyticsPage, 'AnalyticsPage'),
  CustomerInfo: page(loadCustomerInfoPage, 'CustomerInfoPage'),
  SSOSettings: page(loadSsoSettingsPage, 'SsoSettingsPage'),
  NotificationSettings: page(
    loadNotificationSettingsPage,
    'NotificationSettingsPage',
  ),
  MyProfile: page(loadMyProfilePage, 'MyProfilePage'),
  Profile: page(loadProfilePage, 'ProfilePage'),
  GSProfile: page(loadGsProfilePage, 'GsProfilePage'),
  AgentCompanyWorkflows: page(loadCompanyWorkflowsPage, 'CompanyWorkflowsPage'),
  AgentWorkflowsRun: page(loadCompanyWorkflowRunsPage, 'CompanyWorkflowRunsPage'),
  AgentWorkflowDetails: page(loadCanvasPages, 'WorkflowDetailsPage'),
  WorkflowForecast: page(loadWorkflowForecastPage, 'WorkflowForecastPage'),

  Login: page(loadLoginPage, 'LoginPage'),
  NoCompany: page(loadNoCompanyPage, 'NoCompanyPage'),
  NoCategory: page(loadNoCategoryPage, 'NoCategoryPage'),
  UiUpdated: page(loadUiUpdatedPage, 'UiUpdatedPage'),
  TermsAndConditions: page(
    loadTermsAndConditionsPage,
    'TermsAndConditionsPage',
  ),

  GSUsers: page(loadPorticoUsersPage, 'PorticoUsersPage'),
  Companies: page(loadCompaniesPage, 'CompaniesPage'),
  Company: Forwarding,
  CompanyCustomerInfo: page(loadCompanyCustomerInfoPage, 'CompanyCustomerInfoPage'),
  CompanyPorticoUsers: page(loadPorticoUsersPage, 'CompanyPorticoUsersPage'),
  CompanyCustomerUsers: page(loadCustomerUsersPage, 'CompanyCustomerUsersPage'),
  CompanyDeleteAttachments: page(
    loadCompanyDeleteAttachmentsPage,
    'CompanyDeleteAttachmentsPage',
  ),
  CompanyLogInOptions: page(loadCompanyLogInOptionsPage, 'CompanyLogInOptionsPage'),
  CompanySystemBanners: page(loadPortalPages, 'CompanySystemBannersPage'),
  CompanyEmailSettings: page(
    loadCompanyEmailSettingsPage,
    'CompanyEmailSettingsPage',
  ),
  CompanyCountries: page(loadCompanyCountriesPage, 'CompanyCountriesPage'),
  CompanyWorkflows: page(loadCompanyWorkflowsPage, 'CompanyWorkflowsPage'),
  CompanyWorkflowsRun: page(loadCompanyWorkflowRunsPage, 'CompanyWorkflowRunsPage'),
  EditCompanyWorkflow: page(loadCanvasPages, 'EditCompanyWorkflowPage'),
  WorkflowDetails: page(loadCanvasPages, 'WorkflowDetailsPage'),
  CompanyAcceptedEmails: page(
    loadCompanyAcceptedSendersPage,
    'CompanyAcceptedEmailsPage',
  ),
  CompanyAcceptedDomains: page(
    loadCompanyAcceptedSendersPage,
    'CompanyAcceptedDomainsPage',
  ),
  CustomerUsers: page(loadCustomerUsersPage, 'CustomerUsersPage'),
  CustomerUserEdit: page(loadCustomerUserEditPage, 'CustomerUserEditPage'),
  Events: page(loadPortalPages, 'EventsPage'),
  PortalManagement: Forwarding,
  InfoBanners: page(loadPortalPages, 'InfoBannersPage'),
  Countries: page(loadPortalPages, 'CountriesPage'),
  CountryHolidays: page(loadPortalPages, 'CountryHolidaysPage'),
  Workflows: page(loadWorkflowsPage, 'WorkflowsPage'),
  WorkflowCompanies: page(loadWorkflowCompaniesPage, 'WorkflowCompaniesPage'),
  CreateWorkflow: workflowEditor,
  EditWorkflow: workflowEditor,
  WorkflowInsights: page(loadInsightsPages, 'WorkflowInsightsPage'),
  WorkflowsInsights: page(loadInsightsPages, 'WorkflowsInsightsPage'),
  DynamicFields: page(loadDynamicFieldsPage, 'DynamicFieldsPage'),
};

/**
 * The company card (route Company): the frame its child views render in, with the breadcrumb
 * and the tabs (router.tsx nests COMPANY_CARD_ROUTES under it).
 */
for (const [name, component] of Object.entries(PAGES) as [RouteName, ComponentType][]) {
  const fetchPage = PAGE_PRELOADS.get(component);
  if (fetchPage) registerPagePreload(name, fetchPage);
}

export const CompanyCardFrame = page(
  loadCompanyCardLayout,
  'CompanyCardLayout',
);

export const NotFoundPage = page(loadNotFoundPage, 'NotFoundPage');
