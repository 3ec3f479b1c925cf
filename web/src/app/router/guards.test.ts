import { describe, expect, it } from 'vitest';
import { ACME, BOREALIS, KALEV, agent, company, customer, group, initData, user } from '../../test/fixtures';
import type { InitData } from '../session/types';
import { classifyHost, loginCategoryFilter, matchRoute, resolveNavigation, type NavigationResult, type PageHost } from './guards';

interface Options {
  readonly serverVersion?: string | null;
  readonly remembered?: string | null;
  readonly pending?: string | null;
  readonly maxRedirects?: number;
  readonly adminHost?: boolean;
  readonly host?: PageHost | null;
}

function go(location: string, init: InitData | null, options: Options = {}): NavigationResult {
  return resolveNavigation(
    {
      location,
      session: init ? { status: 'ready', init } : { status: 'guest' },
      serverVersion: options.serverVersion === undefined ? '4.0.0' : options.serverVersion,
      rememberedCompanyId: options.remembered ?? null,
      pendingRedirect: options.pending ?? null,
      adminHost: options.adminHost ?? false,
      host: options.host ?? null,
    },
    options.maxRedirects,
  );
}

function landing(location: string, init: InitData | null, options: Options = {}): string {
  const result = go(location, init, options);
  if (result.kind !== 'render') throw new Error(`navigation to ${location} was aborted`);
  return result.location;
}

const admin = initData({
  user: user({ uuid: 'admin-1', userType: 'portico_user', userRole: 'admin' }),
  companies: [],
  adminPanel: true,
});

describe('route table', () => {
  it.each([
    ['/', 'Root'],
    ['/inbox', 'Inbox'],
    ['/acme/inbox', 'Inbox'],
    ['/acme/inbox/thread-1', 'Inbox'],
    ['/tasks', 'Tasks'],
    ['/acme/tasks/thread-1', 'Tasks'],
    ['/acme/shared-files', 'Files'],
    ['/acme/company-profile', 'CompanyProfile'],
    ['/acme/people', 'People'],
    ['/acme/analytics', 'Analytics'],
    ['/acme/customer-info', 'CustomerInfo'],
    ['/acme/customer-info/sso-settings', 'SSOSettings'],
    ['/notification-settings', 'NotificationSettings'],
    ['/my-profile', 'MyProfile'],
    ['/acme/profile/u1', 'Profile'],
    ['/acme/gs-profile/u1', 'GSProfile'],
    ['/acme/terms-and-conditions', 'TermsAndConditions'],
    ['/no-category', 'NoCategory'],
    ['/no-company', 'NoCompany'],
    ['/ui-updated', 'UiUpdated'],
    ['/login', 'Login'],
    ['/portico-users', 'GSUsers'],
    ['/acme/portico-users', 'GSUsers'],
    ['/companies', 'Companies'],
    ['/companies/acme/email-settings', 'CompanyEmailSettings'],
    ['/companies/acme/workflows/cw1/edit', 'EditCompanyWorkflow'],
    ['/companies/acme/workflows-run/workflow-details/wi1', 'WorkflowDetails'],
    ['/acme/company-workflows', 'AgentCompanyWorkflows'],
    ['/acme/workflows-run', 'AgentWorkflowsRun'],
    ['/acme/workflows-run/workflow-details/wi1', 'AgentWorkflowDetails'],
    ['/companies/acme/company-workflows', 'CompanyWorkflows'],
    ['/customer-users', 'CustomerUsers'],
    ['/acme/customer-user/u1/edit', 'CustomerUserEdit'],
    ['/logs', 'Events'],
    ['/portal-management/country_holidays/fi', 'CountryHolidays'],
    ['/workflows/create', 'CreateWorkflow'],
    ['/workflows/forecast', 'WorkflowForecast'],
    ['/workflows/w1/edit', 'EditWorkflow'],
    ['/workflows/w1/companies', 'WorkflowCompanies'],
    ['/workflows/w1/insights', 'WorkflowInsights'],
    ['/workflows/insights', 'WorkflowsInsights'],
  ])('%s is %s', (path, name) => {
    expect(matchRoute(path).route?.name).toBe(name);
  });

  it('reads the company and thread from the Inbox address', () => {
    expect(matchRoute('/acme/inbox/t1').params).toMatchObject({ selected_company_id: 'acme', inbox_task_id: 't1' });
  });

  it('matches nothing for unknown addresses', () => {
    expect(matchRoute('/a/b/c/d/e').route).toBeNull();
  });
});

describe('1. UI version check', () => {
  it('sends everyone to UiUpdated when the server UI is newer', () => {
    expect(landing('/acme/inbox', customer(), { serverVersion: '4.1.0' })).toBe('/ui-updated');
    expect(landing('/login', null, { serverVersion: '5.0.0' })).toBe('/ui-updated');
  });

  it('stays on UiUpdated while the server is newer', () => {
    expect(landing('/ui-updated', customer(), { serverVersion: '4.0.1' })).toBe('/ui-updated');
  });

  it('leaves UiUpdated once the versions agree', () => {
    expect(landing('/ui-updated', customer(), { serverVersion: '4.0.0' })).toBe('/acme/inbox');
  });

  it('ignores an older or missing server version', () => {
    expect(landing('/acme/inbox', customer(), { serverVersion: '3.9.9' })).toBe('/acme/inbox');
    expect(landing('/acme/inbox', customer(), { serverVersion: null })).toBe('/acme/inbox');
  });
});

describe('2. authentication and redirect_to', () => {
  it('sends a guest visiting Root to the plain login page', () => {
    expect(landing('/', null)).toBe('/login');
  });

  it('keeps where a guest wanted to go in redirect_to', () => {
    expect(landing('/acme/inbox?folder=unread', null)).toBe(
      `/login?redirect_to=${encodeURIComponent('/acme/inbox?folder=unread')}`,
    );
  });

  it('sends a guest on an unknown address to login', () => {
    expect(landing('/no/such/page/here', null)).toBe(`/login?redirect_to=${encodeURIComponent('/no/such/page/here')}`);
  });

  it('lets guests see the login page with its error', () => {
    expect(landing('/login?error=no_access', null)).toBe('/login?error=no_access');
  });

  it('sends a signed-in user from login to redirect_to', () => {
    expect(landing('/login?redirect_to=%2Facme%2Fshared-files', customer())).toBe('/acme/shared-files');
  });

  it('ignores a redirect_to that leaves the site', () => {
    expect(landing('/login?redirect_to=%2F%2Fevil.example', customer())).toBe('/acme/inbox');
    expect(landing('/login?redirect_to=https%3A%2F%2Fevil.example', customer())).toBe('/acme/inbox');
  });

  it('uses the login page redirect remembered across sign-in once, from Root', () => {
    expect(landing('/', customer(), { pending: '/acme/shared-files' })).toBe('/acme/shared-files');
    expect(landing('/acme/inbox', customer(), { pending: '/acme/shared-files' })).toBe('/acme/inbox');
  });
});

describe('3. admin panel separation', () => {
  it('keeps the admin panel from users without it', () => {
    expect(landing('/companies', customer())).toBe('/acme/inbox');
    expect(landing('/portico-users', agent())).toBe('/inbox?all_companies=true');
  });

  it('opens the admin panel for its users', () => {
    expect(landing('/companies', admin)).toBe('/companies');
    expect(landing('/logs', admin)).toBe('/logs');
  });

  it('keeps panel users to the panel on the admin host', () => {
    const globalAdmin = initData({
      user: user({ userType: 'portico_user', userRole: 'admin' }),
      companies: [ACME],
      adminPanel: true,
    });
    expect(landing('/', globalAdmin, { adminHost: true })).toBe('/portico-users');
    expect(landing('/acme/inbox', globalAdmin, { adminHost: true })).toBe('/portico-users');
    expect(landing('/', globalAdmin)).toBe('/inbox?all_companies=true');
    expect(landing('/my-profile', globalAdmin, { adminHost: true })).toBe('/portico-users');
  });

  it('forwards a company and portal management to their default tabs', () => {
    expect(landing('/companies/acme', admin)).toBe('/companies/acme/customer-info');
    expect(landing('/portal-management', admin)).toBe('/portal-management/info-banners');
  });
});

describe('4. no company', () => {
  const lonelyAgent = agent({ companies: [], groups: [] });

  it('sends provider staff without companies to NoCompany', () => {
    expect(landing('/', lonelyAgent)).toBe('/no-company');
    expect(landing('/inbox', lonelyAgent)).toBe('/no-company');
    expect(landing('/notification-settings', lonelyAgent)).toBe('/no-company');
  });

  it('still lets them see their own profile', () => {
    expect(landing('/my-profile', lonelyAgent)).toBe('/my-profile');
  });

  it('sends admin panel users without companies to the panel', () => {
    expect(landing('/', admin)).toBe('/portico-users');
  });

  it('sends users with companies away from NoCompany', () => {
    expect(landing('/no-company', agent())).toBe('/inbox?all_companies=true');
  });
});

describe('Root', () => {
  it('opens the Inbox of all companies for provider staff', () => {
    expect(landing('/', agent())).toBe('/inbox?all_companies=true');
  });

  it("opens a customer's company Inbox", () => {
    expect(landing('/', customer())).toBe('/acme/inbox');
  });

  it('prefers the company the customer selected last', () => {
    const init = customer({ companies: [ACME, BOREALIS] });
    expect(landing('/', init, { remembered: 'borealis' })).toBe('/borealis/inbox');
    expect(landing('/', init, { remembered: 'gone' })).toBe('/acme/inbox');
  });
});

describe('5 and 6. company and group load', () => {
  it('sends an unknown company to Root with a page-not-found notice', () => {
    const result = go('/unknown/shared-files', customer());
    expect(result).toMatchObject({ kind: 'render', location: '/acme/inbox', notices: ['company_not_found'] });
  });

  it('accepts a group the user has, with group=true', () => {
    expect(landing('/nordic/inbox?group=true', agent())).toBe('/nordic/inbox?group=true');
    expect(landing('/nordic/tasks/thread-1?group=true', agent())).toBe('/nordic/tasks/thread-1?group=true');
  });

  it('takes a group only on Inbox and Tasks: elsewhere to the group Inbox', () => {
    expect(landing('/nordic/shared-files?group=true', agent())).toBe('/nordic/inbox?group=true');
    expect(landing('/nordic/people?group=true', agent())).toBe('/nordic/inbox?group=true');
    expect(landing('/nordic/analytics?group=true', agent())).toBe('/nordic/inbox?group=true');
  });

  it('sends an unknown group to Root with an unexpected-error notice', () => {
    const result = go('/nope/inbox?group=true', agent());
    expect(result).toMatchObject({ kind: 'render', location: '/inbox?all_companies=true', notices: ['group_not_found'] });
  });
});

describe('Inbox and Tasks without a company', () => {
  it('adds all_companies=true', () => {
    expect(landing('/inbox', agent())).toBe('/inbox?all_companies=true');
    expect(landing('/tasks?folder=new', agent())).toBe('/tasks?folder=new&all_companies=true');
    expect(landing('/inbox/thread-1', agent())).toBe('/inbox/thread-1?all_companies=true');
  });

  it('leaves a selected company alone', () => {
    expect(landing('/acme/tasks', agent())).toBe('/acme/tasks');
  });
});

describe('10. terms', () => {
  const kalle = customer({ companies: [KALEV] });

  it("sends a customer to the company's terms before its pages", () => {
    expect(landing('/', kalle)).toBe('/kalev/terms-and-conditions');
    expect(landing('/kalev/inbox', kalle)).toBe('/kalev/terms-and-conditions');
    expect(landing('/kalev/shared-files', kalle)).toBe('/kalev/terms-and-conditions');
  });

  it('shows the terms page while terms are not accepted', () => {
    expect(landing('/kalev/terms-and-conditions', kalle)).toBe('/kalev/terms-and-conditions');
  });

  it('gates the all-companies Inbox on every company', () => {
    expect(landing('/inbox', customer({ companies: [ACME, KALEV] }))).toBe('/kalev/terms-and-conditions');
  });

  it('leaves the terms page once accepted', () => {
    expect(landing('/acme/terms-and-conditions', customer())).toBe('/acme/inbox');
  });

  it('does not gate provider staff', () => {
    const init = agent({ companies: [ACME, KALEV] });
    expect(landing('/kalev/inbox', init)).toBe('/kalev/inbox');
    expect(landing('/kalev/terms-and-conditions', init)).toBe('/inbox?all_companies=true');
  });
});

describe('11. no category', () => {
  const noCategories = customer({ companies: [company('acme', 'Acme Oy', { categories: [] })], categories: [] });

  it('sends a customer without categories to NoCategory', () => {
    expect(landing('/', noCategories)).toBe('/no-category');
    expect(landing('/acme/shared-files', noCategories)).toBe('/no-category');
  });

  it('sends a customer with categories away from NoCategory', () => {
    expect(landing('/no-category', customer())).toBe('/acme/inbox');
  });

  it('does not apply to provider staff', () => {
    expect(landing('/acme/inbox', agent({ categories: [] }))).toBe('/acme/inbox');
  });
});

describe('12. roles and abilities', () => {
  it.each(['/acme/people', '/acme/analytics', '/acme/customer-info', '/acme/gs-profile/u1', '/acme/tasks'])(
    'keeps the provider-only %s from customers',
    (path) => {
      expect(landing(path, customer())).toBe('/acme/inbox');
    },
  );

  it('keeps the customer-only company profile from provider staff', () => {
    expect(landing('/acme/company-profile', agent())).toBe('/inbox?all_companies=true');
  });

  it('lets each role see its own pages', () => {
    expect(landing('/acme/company-profile', customer())).toBe('/acme/company-profile');
    expect(landing('/acme/people', agent())).toBe('/acme/people');
    expect(landing('/acme/shared-files', customer())).toBe('/acme/shared-files');
  });

  it('needs save_sso for SSO settings', () => {
    expect(landing('/acme/customer-info/sso-settings', customer())).toBe('/acme/company-profile');
    expect(landing('/acme/customer-info/sso-settings', agent())).toBe('/acme/customer-info');
    const companyAdmin = customer({
      companies: [company('acme', 'Acme Oy', { rules: [{ action: 'save_sso', subject: 'Company' }] })],
    });
    expect(landing('/acme/customer-info/sso-settings', companyAdmin)).toBe('/acme/customer-info/sso-settings');
  });

  it('lets admin users pass every ability check', () => {
    const agentAdmin = agent({ user: user({ userType: 'portico_user', userRole: 'admin' }) });
    expect(landing('/acme/customer-info/sso-settings', agentAdmin)).toBe('/acme/customer-info/sso-settings');
  });
});

describe('page not found and the redirect limit', () => {
  it('renders no route for an unknown address of a signed-in user', () => {
    expect(go('/a/b/c/d/e', customer())).toMatchObject({ kind: 'render', location: '/a/b/c/d/e', route: null });
  });

  it('aborts a navigation that redirects more often than allowed', () => {
    expect(go('/', agent(), { maxRedirects: 1 })).toMatchObject({ kind: 'render', location: '/inbox?all_companies=true' });
    expect(go('/', agent(), { maxRedirects: 0 }).kind).toBe('aborted');
  });
});

describe('8. domain mismatch', () => {
  const on = (hostname: string): PageHost => ({ protocol: 'https:', hostname, port: '' });
  const acmeWithDomain = company('acme', 'Acme Oy', { activeCompanyDomains: ['acme.portico.test'] });
  const globalAdmin = initData({
    user: user({ uuid: 'admin-1', userType: 'portico_user', userRole: 'admin' }),
    companies: [ACME],
    adminPanel: true,
  });

  it('checks nothing on a single host (localhost, an IP address)', () => {
    expect(landing('/acme/inbox', customer(), { host: on('127.0.0.1') })).toBe('/acme/inbox');
    expect(landing('/acme/inbox', customer(), { host: on('localhost') })).toBe('/acme/inbox');
  });

  it('signs a customer out of another host and sends them to their company domain', () => {
    const init = customer({ companies: [acmeWithDomain] });
    expect(go('/acme/inbox', init, { host: on('portico.test') })).toEqual({
      kind: 'leave',
      url: 'https://acme.portico.test/',
      notices: [],
    });
    expect(landing('/acme/inbox', init, { host: on('acme.portico.test') })).toBe('/acme/inbox');
    expect(landing('/acme/inbox', init, { host: on('m.portico.test') })).toBe('/acme/inbox');
  });

  it('keeps a customer whose company has no domain of its own anywhere but the admin host', () => {
    expect(landing('/acme/inbox', customer(), { host: on('portico.test') })).toBe('/acme/inbox');
    expect(go('/acme/inbox', customer(), { host: on('admin.portico.test') })).toMatchObject({
      kind: 'leave',
      url: 'https://portico.test/',
    });
  });

  it('sends a global admin to the admin host and keeps agents off it', () => {
    expect(go('/portico-users', globalAdmin, { host: { protocol: 'http:', hostname: 'portico.test', port: '8080' } })).toEqual({
      kind: 'leave',
      url: 'http://admin.portico.test:8080/',
      notices: [],
    });
    expect(landing('/portico-users', globalAdmin, { host: on('admin.portico.test') })).toBe('/portico-users');
    expect(go('/inbox', agent(), { host: on('admin.portico.test') })).toMatchObject({ kind: 'leave', url: 'https://portico.test/' });
    expect(landing('/inbox', agent(), { host: on('agent.portico.test') })).toBe('/inbox?all_companies=true');
  });

  it('classifies hosts as the server does', () => {
    expect(classifyHost('admin.portico.test', [])).toEqual({ kind: 'admin', base: 'portico.test' });
    expect(classifyHost('m.portico.test', [])).toEqual({ kind: 'mobile', base: 'portico.test' });
    expect(classifyHost('acme.portico.test', ['acme.portico.test'])).toEqual({ kind: 'company', base: 'portico.test' });
    expect(classifyHost('portico.test', [])).toEqual({ kind: 'root', base: 'portico.test' });
    expect(classifyHost('[::1]', [])).toMatchObject({ kind: 'single' });
  });
});

describe('13. login-category filter', () => {
  const staff = agent();

  it('keeps the stored categories the agent still has, dropping the others', () => {
    expect(loginCategoryFilter(staff, ['2', 'gone', '2'])).toEqual(['2']);
  });

  it('falls back to the selection saved on the server when this browser has none', () => {
    expect(loginCategoryFilter(staff, null, ['1', 'gone'])).toEqual(['1']);
    expect(loginCategoryFilter(staff, [], ['1'])).toEqual([]);
    expect(loginCategoryFilter(staff, null, null)).toEqual([]);
    const savedOnServer = agent({ user: user({ userType: 'portico_user', selectedCategoryIds: ['2'] }) });
    expect(loginCategoryFilter(savedOnServer, null)).toEqual(['2']);
  });

  it('gives customers no category filter', () => {
    expect(loginCategoryFilter(customer(), ['1'])).toEqual([]);
  });
});

describe('14. single-group auto-select', () => {
  const nordic = group('nordic', 'Nordic Group', { motherCompanyId: 'acme', companyIds: ['borealis'] });
  const groupedCustomer = customer({ companies: [ACME, BOREALIS], groups: [nordic] });

  it('selects the only group of a customer on the all-companies Inbox', () => {
    expect(landing('/inbox', groupedCustomer)).toBe('/nordic/inbox?group=true');
    expect(landing('/inbox?all_companies=true', groupedCustomer)).toBe('/nordic/inbox?group=true');
  });

  it('leaves a selected company, several groups and provider staff alone', () => {
    expect(landing('/acme/inbox', groupedCustomer)).toBe('/acme/inbox');
    const twoGroups = customer({ companies: [ACME, BOREALIS], groups: [nordic, group('other', 'Other')] });
    expect(landing('/inbox', twoGroups)).toBe('/inbox?all_companies=true');
    expect(landing('/inbox', agent())).toBe('/inbox?all_companies=true');
  });
});
