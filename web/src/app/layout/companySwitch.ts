import { paths, type CompanyScope } from '../router/paths';
import type { RouteName } from '../router/routeTable';

const PER_COMPANY: Partial<Record<RouteName, (companyId: string) => string>> = {
  Files: paths.files,
  CompanyProfile: paths.companyProfile,
  People: paths.people,
  Analytics: paths.analytics,
  CustomerInfo: paths.customerInfo,
};

/**
 * Where selecting a company (or a group, or all companies) leads from the current page:
 * the same page for the new selection when it exists there, else the Inbox.
 */
export function companySwitchTarget(route: RouteName | undefined, scope: CompanyScope): string {
  if (route === 'Tasks') return paths.tasks(scope);
  const perCompany = route ? PER_COMPANY[route] : undefined;
  if (perCompany && scope.companyId && !scope.group) return perCompany(scope.companyId);
  return paths.inbox(scope);
}

/** The logo's target: the admin panel's start, the selected company's Inbox, or Root. */
export function logoTarget(adminPanel: boolean, scope: CompanyScope): string {
  if (adminPanel) return paths.gsUsers();
  return scope.companyId ? paths.inbox(scope) : paths.root();
}
