// Navigation guards of spec 000 §2.4 as pure functions. Each guard looks at where the
// user is going and at the session, and either lets the navigation pass (null) or names
// the place to go instead. resolveNavigation runs them in order, following redirects
// until a location passes every guard (at most MAX_REDIRECTS times).
//
// Guard 8 (domain mismatch) leaves the app: the user is signed out and sent to the
// right host. Guard 13 (the agents' login-category filter) changes no address: it is
// loginCategoryFilter below, applied by the shell once the session is ready.

import { matchRoutes } from 'react-router';
import { canInCompany } from '../session/abilities';
import { defaultCompany, findCompany, findGroup, groupCompanyIds, sortCompanies } from '../session/companies';
import { isProviderStaff, type InitCompany, type InitData } from '../session/types';
import { CLIENT_VERSION, isServerNewer } from '../version';
import { paths, safeRedirectTarget } from './paths';
import { ROUTES, type RouteMeta, type RouteParams } from './routeTable';

export const MAX_REDIRECTS = 30;

export type GuardSession = { readonly status: 'guest' } | { readonly status: 'ready'; readonly init: InitData };

export interface GuardContext {
  readonly pathname: string;
  readonly search: string;
  readonly query: URLSearchParams;
  /** The matched route, or null when no route matches (page not found). */
  readonly route: RouteMeta | null;
  readonly params: RouteParams;
  readonly session: GuardSession;
  readonly serverVersion: string | null;
  readonly clientVersion: string;
  /** The company the user last selected (local storage), if any. */
  readonly rememberedCompanyId: string | null;
  /** Where to go after sign-in (the login page's redirect_to), if any. */
  readonly pendingRedirect: string | null;
  /** The page is served on the admin host (admin. prefix): only the admin panel lives there. */
  readonly adminHost: boolean;
  /** The page's host, for the domain check (8); null: a single-host setup, nothing to check. */
  readonly host: PageHost | null;
}

/** Where the page is served from. */
export interface PageHost {
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string;
}

/** A toast the shell shows when a guard redirects (spec 000 §2.4). */
export type GuardNotice = 'company_not_found' | 'group_not_found';

export type GuardStep =
  | { readonly redirect: string; readonly notice?: GuardNotice }
  /** Sign out and load another host's page (guard 8). */
  | { readonly leave: string }
  | null;

export type Guard = (ctx: GuardContext) => GuardStep;

const MATCHABLE = ROUTES.map((r) => ({ path: r.path, handle: r.meta }));

/** Finds the route a path renders, with its params. */
export function matchRoute(pathname: string): { route: RouteMeta | null; params: RouteParams } {
  const matches = matchRoutes(MATCHABLE, pathname);
  const last = matches?.[matches.length - 1];
  if (!last) return { route: null, params: {} };
  return { route: last.route.handle, params: last.params };
}

const signedIn = (ctx: GuardContext): InitData | null => (ctx.session.status === 'ready' ? ctx.session.init : null);

const redirect = (to: string, notice?: GuardNotice): GuardStep => (notice ? { redirect: to, notice } : { redirect: to });

/** 1. A newer server UI sends the user to UiUpdated; the page is left once versions agree. */
export const versionGuard: Guard = (ctx) => {
  const stale = isServerNewer(ctx.serverVersion, ctx.clientVersion);
  if (stale) return ctx.route?.name === 'UiUpdated' ? null : redirect(paths.uiUpdated());
  return ctx.route?.name === 'UiUpdated' ? redirect(paths.root()) : null;
};

/** 2 and 9. Guests go to login (keeping redirect_to); signed-in users leave the login page. */
export const authGuard: Guard = (ctx) => {
  const init = signedIn(ctx);
  const access = ctx.route?.access ?? 'user';
  if (!init) {
    if (access !== 'user') return null;
    const here = `${ctx.pathname}${ctx.search}`;
    return redirect(paths.login({ redirectTo: ctx.pathname === '/' ? null : here }));
  }
  if (access === 'guest') {
    return redirect(safeRedirectTarget(ctx.query.get('redirect_to')) ?? paths.root());
  }
  return null;
};

/** Routes that only forward to their default child (a company's tabs, portal management). */
export const defaultChildGuard: Guard = (ctx) => {
  const to = ctx.route?.redirect?.(ctx.params);
  return to ? redirect(to) : null;
};

/**
 * 3. Admin panel routes are for panel users only. On the admin host the panel is all
 * there is: its users are kept to the panel (GS users) whatever portal page they open.
 */
export const adminPanelGuard: Guard = (ctx) => {
  const init = signedIn(ctx);
  if (!init || !ctx.route) return null;
  if (ctx.route.adminPanel) return init.adminPanel ? null : redirect(paths.root());
  if (ctx.adminHost && init.adminPanel && ctx.route.layout === 'main') return redirect(paths.gsUsers());
  return null;
};

/** 4. Users without any company go to NoCompany (admin panel users to the panel). */
export const noCompanyGuard: Guard = (ctx) => {
  const init = signedIn(ctx);
  if (!init || !ctx.route) return null;
  const hasCompanies = init.companies.length > 0;
  if (ctx.route.name === 'NoCompany') return hasCompanies ? redirect(paths.root()) : null;
  if (!hasCompanies && ctx.route.needsCompanies) {
    return redirect(init.adminPanel ? paths.gsUsers() : paths.noCompany());
  }
  return null;
};

/** Root forwards to the Inbox: provider staff see all companies, customers their company. */
export const rootGuard: Guard = (ctx) => {
  const init = signedIn(ctx);
  if (!init || ctx.route?.name !== 'Root') return null;
  if (ctx.pendingRedirect) return redirect(ctx.pendingRedirect);
  if (isProviderStaff(init.user)) return redirect(paths.inbox());
  // the mobile app's selected company, as the server confirmed it, else the one remembered here
  const company = defaultCompany(init, init.selectedCompanyId ?? ctx.rememberedCompanyId);
  return redirect(paths.inbox({ companyId: company?.uuid ?? null }));
};

/**
 * 5 and 6. A selected company (or group, with group=true) must be one the user has. A group
 * is chosen only on Inbox and Tasks: elsewhere its address leads to the group's Inbox.
 */
export const companyGuard: Guard = (ctx) => {
  const init = signedIn(ctx);
  const id = ctx.params.selected_company_id;
  if (!init || !id || !ctx.route || ctx.route.adminPanel) return null;
  if (ctx.query.get('group') === 'true') {
    if (!findGroup(init, id)) return redirect(paths.root(), 'group_not_found');
    return ctx.route.allowsGroups ? null : redirect(paths.inbox({ companyId: id, group: true }));
  }
  return findCompany(init, id) ? null : redirect(paths.root(), 'company_not_found');
};

/** 7. Inbox and Tasks without a company show all companies (all_companies=true). */
export const allCompaniesGuard: Guard = (ctx) => {
  if (!signedIn(ctx) || !ctx.route?.allowedAllCompaniesQuery) return null;
  if (ctx.params.selected_company_id || ctx.query.get('all_companies') === 'true') return null;
  const query = new URLSearchParams(ctx.query);
  query.set('all_companies', 'true');
  return redirect(`${ctx.pathname}?${query.toString()}`);
};

/** The companies a page shows: the selected one, a group's, or all of them. */
function companiesInScope(init: InitData, ctx: GuardContext): InitCompany[] {
  const id = ctx.params.selected_company_id;
  if (id && ctx.query.get('group') === 'true') {
    const group = findGroup(init, id);
    const ids = new Set(group ? groupCompanyIds(group) : []);
    return init.companies.filter((c) => ids.has(c.uuid));
  }
  if (id) {
    const company = findCompany(init, id);
    return company ? [company] : [];
  }
  if (ctx.route?.allowedAllCompaniesQuery) return sortCompanies(init.companies, init.favorites);
  return [];
}

/** 10. Customers accept a company's terms before they see its pages; staff are exempt. */
export const termsGuard: Guard = (ctx) => {
  const init = signedIn(ctx);
  if (!init || !ctx.route) return null;
  const staff = isProviderStaff(init.user);
  if (ctx.route.name === 'TermsAndConditions') {
    const company = findCompany(init, ctx.params.selected_company_id);
    return staff || !company || company.termsAccepted ? redirect(paths.root()) : null;
  }
  if (staff || ctx.route.layout !== 'main') return null;
  const pending = companiesInScope(init, ctx).find((c) => !c.termsAccepted);
  return pending ? redirect(paths.terms(pending.uuid)) : null;
};

/** 11. A customer without any category in scope sees NoCategory. */
export const categoryGuard: Guard = (ctx) => {
  const init = signedIn(ctx);
  if (!init || !ctx.route) return null;
  const staff = isProviderStaff(init.user);
  if (ctx.route.name === 'NoCategory') {
    return staff || init.categories.length > 0 ? redirect(paths.root()) : null;
  }
  if (staff || ctx.route.layout !== 'main') return null;
  const scope = companiesInScope(init, ctx);
  const scoped = Boolean(ctx.params.selected_company_id) || Boolean(ctx.route.allowedAllCompaniesQuery);
  if (!scoped) return null;
  const hasCategory = ctx.params.selected_company_id
    ? scope.some((c) => c.categories.length > 0)
    : init.categories.length > 0;
  return hasCategory ? null : redirect(paths.noCategory());
};

/** 12. Provider-only and customer-only routes, and company abilities such as save_sso. */
export const roleGuard: Guard = (ctx) => {
  const init = signedIn(ctx);
  if (!init || !ctx.route) return null;
  const staff = isProviderStaff(init.user);
  if (ctx.route.audience === 'provider' && !staff) return redirect(paths.root());
  if (ctx.route.audience === 'customer' && staff) return redirect(paths.root());
  const ability = ctx.route.ability;
  const id = ctx.params.selected_company_id;
  if (ability && id) {
    const company = findCompany(init, id);
    if (!canInCompany(init.user, company, ability.action, ability.subject)) {
      return redirect(staff ? paths.customerInfo(id) : paths.companyProfile(id));
    }
  }
  return null;
};

/** The kind of host a page is on (spec 000 §1, Domains), and the product's base domain. */
export type HostKind = 'single' | 'root' | 'admin' | 'mobile' | 'agent' | 'company';

const isIp = (hostname: string): boolean => /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':');

/**
 * Classifies a host as the server does (api/domain.go): localhost and IP addresses are a
 * single-host setup; admin., m. and agent. prefixes; a company's own domain; else root.
 */
export function classifyHost(hostname: string, companyDomains: readonly string[]): { kind: HostKind; base: string } {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || isIp(host)) return { kind: 'single', base: host };
  for (const [prefix, kind] of [
    ['admin.', 'admin'],
    ['m.', 'mobile'],
    ['agent.', 'agent'],
  ] as const) {
    if (host.startsWith(prefix)) return { kind, base: host.slice(prefix.length) };
  }
  if (companyDomains.some((d) => d.toLowerCase() === host)) {
    return { kind: 'company', base: host.slice(host.indexOf('.') + 1) };
  }
  return { kind: 'root', base: host };
}

const hostUrl = (host: PageHost, hostname: string): string =>
  `${host.protocol}//${hostname}${host.port ? `:${host.port}` : ''}/`;

/**
 * 8. Domain mismatch: a global admin belongs on the admin host and nobody else does; a
 * customer whose company has its own domain belongs there (or on the mobile host).
 * Anyone elsewhere is signed out and sent to the right host.
 */
export const domainGuard: Guard = (ctx) => {
  const init = signedIn(ctx);
  if (!init || !ctx.host) return null;
  const domains = init.companies.flatMap((c) => c.activeCompanyDomains ?? []);
  const { kind, base } = classifyHost(ctx.host.hostname, domains);
  if (kind === 'single') return null;
  const admin = init.user.userRole === 'admin';
  if (kind === 'admin') return admin ? null : { leave: hostUrl(ctx.host, base) };
  if (admin) return { leave: hostUrl(ctx.host, `admin.${base}`) };
  if (isProviderStaff(init.user) || domains.length === 0 || kind === 'mobile') return null;
  const here = ctx.host.hostname.toLowerCase();
  if (kind === 'company' && domains.some((d) => d.toLowerCase() === here)) return null;
  return { leave: hostUrl(ctx.host, domains[0] ?? base) };
};

/**
 * 14. Single-group auto-select: a customer whose companies form exactly one company
 * group sees that group rather than an all-companies list on Inbox and Tasks.
 */
export const singleGroupGuard: Guard = (ctx) => {
  const init = signedIn(ctx);
  if (!init || !ctx.route?.allowedAllCompaniesQuery || ctx.params.selected_company_id) return null;
  if (isProviderStaff(init.user) || init.groups.length !== 1) return null;
  const only = init.groups[0];
  if (!only) return null;
  const scope = { companyId: only.uuid, group: true };
  return redirect(ctx.route.name === 'Tasks' ? paths.tasks(scope) : paths.inbox(scope));
};

/**
 * 13. The agents' login-category filter: the categories kept from the last visit (this
 * browser's, else the one saved on the server at logout), without those the agent can
 * no longer see. Customers have no category filter.
 */
export function loginCategoryFilter(
  init: InitData,
  stored: readonly string[] | null,
  saved: readonly string[] | null = init.user.selectedCategoryIds ?? null,
): string[] {
  if (!isProviderStaff(init.user)) return [];
  const known = new Set(init.categories.map((c) => c.id));
  return [...new Set(stored ?? saved ?? [])].filter((id) => known.has(id));
}

export const GUARDS: readonly Guard[] = [
  versionGuard,
  authGuard,
  defaultChildGuard,
  adminPanelGuard,
  noCompanyGuard,
  rootGuard,
  companyGuard,
  allCompaniesGuard,
  domainGuard,
  termsGuard,
  categoryGuard,
  roleGuard,
  singleGroupGuard,
];

export interface NavigationInput {
  /** Path and query, e.g. "/abc/inbox?group=true". */
  readonly location: string;
  readonly session: GuardSession;
  readonly serverVersion: string | null;
  readonly clientVersion?: string;
  readonly rememberedCompanyId?: string | null;
  readonly pendingRedirect?: string | null;
  readonly adminHost?: boolean;
  readonly host?: PageHost | null;
}

export type NavigationResult =
  | {
      readonly kind: 'render';
      /** Where the user ends up; differs from the input when a guard redirected. */
      readonly location: string;
      readonly route: RouteMeta | null;
      readonly params: RouteParams;
      readonly notices: readonly GuardNotice[];
    }
  | { readonly kind: 'aborted'; readonly notices: readonly GuardNotice[] }
  /** Guard 8: sign out and load this address. */
  | { readonly kind: 'leave'; readonly url: string; readonly notices: readonly GuardNotice[] };

export function buildContext(input: NavigationInput, location: string): GuardContext {
  const url = new URL(location, 'http://portico.invalid');
  const { route, params } = matchRoute(url.pathname);
  return {
    pathname: url.pathname,
    search: url.search,
    query: url.searchParams,
    route,
    params,
    session: input.session,
    serverVersion: input.serverVersion,
    clientVersion: input.clientVersion ?? CLIENT_VERSION,
    rememberedCompanyId: input.rememberedCompanyId ?? null,
    pendingRedirect: safeRedirectTarget(input.pendingRedirect),
    adminHost: input.adminHost ?? false,
    host: input.host ?? null,
  };
}

/** The admin panel's host starts with "admin." (spec 000 §1, Domains). */
export const isAdminHost = (hostname: string): boolean => hostname.toLowerCase().startsWith('admin.');

/** Runs the guards in order and follows their redirects (at most MAX_REDIRECTS). */
export function resolveNavigation(input: NavigationInput, maxRedirects = MAX_REDIRECTS): NavigationResult {
  const notices: GuardNotice[] = [];
  let location = input.location;
  // The remembered redirect is used once: by the first Root visit that takes it.
  let pendingRedirect = input.pendingRedirect ?? null;
  for (let hops = 0; hops <= maxRedirects; hops += 1) {
    const ctx = buildContext({ ...input, pendingRedirect }, location);
    let step: GuardStep = null;
    for (const guard of GUARDS) {
      step = guard(ctx);
      if (step) break;
    }
    if (step && 'leave' in step) return { kind: 'leave', url: step.leave, notices };
    if (!step || step.redirect === location) {
      return { kind: 'render', location, route: ctx.route, params: ctx.params, notices };
    }
    if (step.notice) notices.push(step.notice);
    if (ctx.route?.name === 'Root') pendingRedirect = null;
    location = step.redirect;
  }
  return { kind: 'aborted', notices };
}
