import { createElement, lazy, type ComponentType } from 'react';
import type { RouteName } from './routeTable';

// Every page is its own chunk (React.lazy), so the first load carries only the shell.
// PAGE_PRELOADS keeps each page's import, so the first page's chunk can be fetched at boot
// (preload.ts) beside init.json instead of after it: import() answers both from one fetch.
const PAGE_PRELOADS = new Map<ComponentType, () => Promise<unknown>>();

/** A page of its own chunk: `name` of the module `load` imports. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  // A page whose chunk is already here renders at once: React.lazy would suspend on its
  // first render all the same, and React holds a revealed boundary back for a moment
  // (the inbox's list query left ~300 ms later).
  let loaded: ComponentType | null = null;
  const loadPage = async () => {
    loaded ??= (await load())[name] as ComponentType;
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await loadPage() }));
  const Page: ComponentType = () => createElement(loaded ?? Lazy);
  PAGE_PRELOADS.set(Page, loadPage);
  return Page;
}

/**
 * Starts fetching a page's chunk (nothing for pages that never render); settles when it is
 * here or failed (the page's own lazy import reports a failure when it renders).
 */
export function preloadPage(name: RouteName): Promise<void> {
  return preloadLazyPage(PAGES[name]);
}

/** preloadPage for a lazyPage component. */
export function preloadLazyPage(component: ComponentType): Promise<void> {
  const load = PAGE_PRELOADS.get(component);
  if (!load) return Promise.resolve();
  return load().then(
    () => undefined,
    () => undefined,
  );
}

const inbox = lazyPage(() => import('../../features/inbox/pages/InboxPage'), 'InboxPage');
const adminPlaceholder = lazyPage(() => import('../../features/admin/pages/AdminPlaceholderPage'), 'AdminPlaceholderPage');

/** Routes that never render: a guard always forwards them (Root, default children). */
const Forwarding: ComponentType = () => null;

export const PAGES: Record<RouteName, ComponentType> = {
  Root: Forwarding,
  Inbox: inbox,
  Tasks: lazyPage(() => import('../../features/tasks/pages/TasksPage'), 'TasksPage'),
  Files: lazyPage(() => import('../../features/files/pages/FilesPage'), 'FilesPage'),
  CompanyProfile: lazyPage(() => import('../../features/company-profile/pages/CompanyProfilePage'), 'CompanyProfilePage'),
  People: lazyPage(() => import('../../features/people/pages/PeoplePage'), 'PeoplePage'),
  Analytics: lazyPage(() => import('../../features/analytics/pages/AnalyticsPage'), 'AnalyticsPage'),
  CustomerInfo: lazyPage(() => import('../../features/customer-info/pages/CustomerInfoPage'), 'CustomerInfoPage'),
  SSOSettings: lazyPage(() => import('../../features/customer-info/pages/SsoSettingsPage'), 'SsoSettingsPage'),
  NotificationSettings: lazyPage(
    () => import('../../features/notification-settings/pages/NotificationSettingsPage'),
    'NotificationSettingsPage',
  ),
  MyProfile: lazyPage(() => import('../../features/profile/pages/MyProfilePage'), 'MyProfilePage'),
  Profile: lazyPage(() => import('../../features/profile/pages/ProfilePage'), 'ProfilePage'),
  GSProfile: lazyPage(() => import('../../features/profile/pages/GsProfilePage'), 'GsProfilePage'),

  Login: lazyPage(() => import('../../features/auth/pages/LoginPage'), 'LoginPage'),
  NoCompany: lazyPage(() => import('../../features/auth/pages/NoCompanyPage'), 'NoCompanyPage'),
  NoCategory: lazyPage(() => import('../../features/auth/pages/NoCategoryPage'), 'NoCategoryPage'),
  UiUpdated: lazyPage(() => import('../../features/system/pages/UiUpdatedPage'), 'UiUpdatedPage'),
  TermsAndConditions: lazyPage(
    () => import('../../features/terms/pages/TermsAndConditionsPage'),
    'TermsAndConditionsPage',
  ),

  GSUsers: adminPlaceholder,
  Companies: adminPlaceholder,
  Company: Forwarding,
  CompanyCustomerInfo: adminPlaceholder,
  CompanyPorticoUsers: adminPlaceholder,
  CompanyCustomerUsers: adminPlaceholder,
  CompanyDeleteAttachments: adminPlaceholder,
  CompanyLogInOptions: adminPlaceholder,
  CompanySystemBanners: adminPlaceholder,
  CompanyEmailSettings: adminPlaceholder,
  CompanyCountries: adminPlaceholder,
  CompanyWorkflows: adminPlaceholder,
  CompanyWorkflowsRun: adminPlaceholder,
  EditCompanyWorkflow: adminPlaceholder,
  WorkflowDetails: adminPlaceholder,
  CompanyAcceptedEmails: adminPlaceholder,
  CompanyAcceptedDomains: adminPlaceholder,
  CustomerUsers: adminPlaceholder,
  CustomerUserEdit: adminPlaceholder,
  Events: adminPlaceholder,
  PortalManagement: Forwarding,
  InfoBanners: adminPlaceholder,
  Countries: adminPlaceholder,
  CountryHolidays: adminPlaceholder,
  Workflows: adminPlaceholder,
  WorkflowCompanies: adminPlaceholder,
  CreateWorkflow: adminPlaceholder,
  EditWorkflow: adminPlaceholder,
};

export const NotFoundPage = lazyPage(() => import('../../features/system/pages/NotFoundPage'), 'NotFoundPage');
