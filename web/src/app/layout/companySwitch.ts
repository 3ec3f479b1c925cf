import { paths, type CompanyScope } from '../router/paths';
import type { RouteMeta, RouteName } from '../router/routeTable';
import { groupCompanyIds } from '../session/companies';
import type { InitCompany, InitGroup } from '../session/types';

const PER_COMPANY: Partial<Record<RouteName, (companyId: string) => string>> = {
  Files: paths.files,
  CompanyProfile: paths.companyProfile,
  People: paths.people,
  Analytics: paths.analytics,
  CustomerInfo: paths.customerInfo,
};

// The admin panel's lists the header's company switcher narrows to one company (or none: all).
const ADMIN_LISTS: Partial<Record<RouteName, (companyId: string | null) => string>> = {
  GSUsers: paths.gsUsers,
  CustomerUsers: paths.customerUsers,
  Events: paths.events,
};

/**
 * Where selecting a company (or a group, or all companies) leads from the current page:
 * the same page for the new selection when it exists there, else the Inbox.
 */
export function companySwitchTarget(route: RouteName | undefined, scope: CompanyScope): string {
  if (route === 'Tasks') return paths.tasks(scope);
  const adminList = route ? ADMIN_LISTS[route] : undefined;
  if (adminList) return adminList(scope.group ? null : (scope.companyId ?? null));
  const perCompany = route ? PER_COMPANY[route] : undefined;
  if (perCompany && scope.companyId && !scope.group) return perCompany(scope.companyId);
  return paths.inbox(scope);
}

/** A company group can be chosen on this page: only on Inbox and Tasks (spec 000 §2.1). */
export const allowsGroups = (route: Pick<RouteMeta, 'allowsGroups'> | undefined): boolean =>
  Boolean(route?.allowsGroups);

/**
 * What a choice in the switcher selects: the choice itself, except that choosing the
 * selected group again deselects it and its companies (spec 000 §4), leaving no company
 * selected (all companies).
 */
export function switcherChoice(current: CompanyScope, chosen: CompanyScope): CompanyScope {
  const again = Boolean(chosen.group && current.group && chosen.companyId && chosen.companyId === current.companyId);
  return again ? { companyId: null, group: false } : chosen;
}

/**
 * The companies the switcher shows as selected: the selected company, or the selected
 * group's companies plus its mother company; none for all companies.
 */
export function selectedCompanyIds(selection: {
  readonly company?: Pick<InitCompany, 'uuid'> | undefined;
  readonly companyGroup?: InitGroup | undefined;
}): ReadonlySet<string> {
  if (selection.companyGroup) return new Set(groupCompanyIds(selection.companyGroup));
  return new Set(selection.company ? [selection.company.uuid] : []);
}

/** The logo's target: the admin panel's start, the selected company's Inbox, or Root. */
export function logoTarget(adminPanel: boolean, scope: CompanyScope): string {
  if (adminPanel) return paths.gsUsers();
  return scope.companyId ? paths.inbox(scope) : paths.root();
}
