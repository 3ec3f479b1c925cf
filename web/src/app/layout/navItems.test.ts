import { describe, expect, it } from 'vitest';
import { ROUTES_BY_NAME } from '../router/routeTable';
import { agent, group } from '../../test/fixtures';
import { allowsGroups, companySwitchTarget, logoTarget, selectedCompanyIds, switcherChoice } from './companySwitch';
import { activeNavKey, affectsUnreadCount, formatUnreadBadge, navItems } from './navItems';

const keys = (items: ReturnType<typeof navItems>) => items.map((i) => i.key);

describe('navItems', () => {
  it('gives customers Inbox (with the unread badge), Files and My company', () => {
    const items = navItems({ userType: 'customer', adminPanel: false, companyId: 'acme', group: false });
    expect(keys(items)).toEqual(['inbox', 'files', 'my_company']);
    expect(items.map((i) => i.to)).toEqual(['/acme/inbox', '/acme/shared-files', '/acme/company-profile']);
    expect(items[0]?.unreadBadge).toBe(true);
  });

  it('gives agents Inbox, Tasks, Files, Customer info, People, Analytics, the company workflows and the forecast', () => {
    const items = navItems({ userType: 'portico_user', adminPanel: false, companyId: 'acme', group: false });
    expect(keys(items)).toEqual(['inbox', 'tasks', 'files', 'customer_info', 'people', 'analytics', 'company_workflows', 'workflow_forecast']);
    expect(items.at(-2)?.to).toBe('/acme/company-workflows');
    expect(items.at(-1)?.to).toBe('/workflows/forecast');
    expect(activeNavKey(items, 'WorkflowForecast')).toBe('workflow_forecast');
    expect(activeNavKey(items, 'AgentWorkflowDetails')).toBe('company_workflows');
    expect(items.some((i) => i.unreadBadge)).toBe(false);
  });

  it('hides the items that need one company when none or a group is selected', () => {
    expect(keys(navItems({ userType: 'portico_user', adminPanel: false, companyId: null, group: false }))).toEqual([
      'inbox',
      'tasks',
      'workflow_forecast',
    ]);
    const grouped = navItems({ userType: 'portico_user', adminPanel: false, companyId: 'nordic', group: true });
    expect(keys(grouped)).toEqual(['inbox', 'tasks', 'workflow_forecast']);
    expect(grouped[0]?.to).toBe('/nordic/inbox?group=true');
    expect(keys(navItems({ userType: 'customer', adminPanel: false, companyId: null, group: false }))).toEqual([
      'inbox',
    ]);
  });

  it('keeps the company the admin header chose on the lists of every company or one', () => {
    const panel = navItems({ userType: 'portico_user', adminPanel: true, companyId: 'acme', group: false });
    const to = Object.fromEntries(panel.map((i) => [i.key, i.to]));
    expect(to).toMatchObject({
      gs_users: '/acme/portico-users',
      customer_users: '/acme/customer-users',
      events_log: '/acme/logs',
      companies: '/companies',
      workflows: '/workflows',
    });
  });

  it('gives the admin panel its own items', () => {
    expect(keys(navItems({ userType: 'portico_user', adminPanel: true, companyId: null, group: false }))).toEqual([
      'gs_users',
      'companies',
      'customer_users',
      'portal_management',
      'events_log',
      'workflows',
      'workflow_insights',
      'dynamic_fields',
    ]);
  });

  it('marks the item of the current route', () => {
    const items = navItems({ userType: 'portico_user', adminPanel: false, companyId: 'acme', group: false });
    expect(activeNavKey(items, 'SSOSettings')).toBe('customer_info');
    expect(activeNavKey(items, 'MyProfile')).toBeUndefined();
    const panel = navItems({ userType: 'portico_user', adminPanel: true, companyId: null, group: false });
    expect(activeNavKey(panel, 'CompanyEmailSettings')).toBe('companies');
    expect(activeNavKey(panel, 'WorkflowInsights')).toBe('workflow_insights');
    expect(panel.find((i) => i.key === 'workflow_insights')?.to).toBe('/workflows/insights');
  });
});

describe('formatUnreadBadge', () => {
  it.each([
    [0, null],
    [null, null],
    [-1, null],
    [1, '1'],
    [99, '99'],
    [100, '+99'],
    [12345, '+99'],
  ])('shows %s as %s', (count, text) => {
    expect(formatUnreadBadge(count)).toBe(text);
  });
});

describe('companySwitchTarget', () => {
  it('keeps Inbox and Tasks for any selection', () => {
    expect(companySwitchTarget('Inbox', { companyId: 'borealis' })).toBe('/borealis/inbox');
    expect(companySwitchTarget('Tasks', { companyId: 'nordic', group: true })).toBe('/nordic/tasks?group=true');
    expect(companySwitchTarget('Tasks', { companyId: null })).toBe('/tasks?all_companies=true');
  });

  it('keeps a per-company page when switching to another company', () => {
    expect(companySwitchTarget('People', { companyId: 'borealis' })).toBe('/borealis/people');
    expect(companySwitchTarget('Files', { companyId: 'borealis' })).toBe('/borealis/shared-files');
  });

  it('falls back to the Inbox when the page cannot show the selection', () => {
    expect(companySwitchTarget('People', { companyId: 'nordic', group: true })).toBe('/nordic/inbox?group=true');
    expect(companySwitchTarget('Analytics', { companyId: null })).toBe('/inbox?all_companies=true');
    expect(companySwitchTarget('Profile', { companyId: 'acme' })).toBe('/acme/inbox');
  });
});

describe('the admin panel company switcher', () => {
  it('keeps the list and narrows it to the company, or widens it to all', () => {
    expect(companySwitchTarget('GSUsers', { companyId: 'acme' })).toBe('/acme/portico-users');
    expect(companySwitchTarget('CustomerUsers', { companyId: 'borealis' })).toBe('/borealis/customer-users');
    expect(companySwitchTarget('Events', { companyId: null })).toBe('/logs');
    expect(companySwitchTarget('GSUsers', { companyId: null })).toBe('/portico-users');
  });

  it('shows on those lists only, with all companies', () => {
    for (const name of ['GSUsers', 'CustomerUsers', 'Events'] as const) {
      expect(ROUTES_BY_NAME[name].meta).toMatchObject({ hideCompanySwitcher: false, showAllCompanies: true });
    }
    for (const name of ['Companies', 'CompanyCustomerInfo', 'CustomerUserEdit', 'Workflows'] as const) {
      expect(ROUTES_BY_NAME[name].meta.hideCompanySwitcher).toBe(true);
    }
  });
});

describe('group choice', () => {
  it('is offered on Inbox and Tasks only', () => {
    expect(allowsGroups(ROUTES_BY_NAME.Inbox.meta)).toBe(true);
    expect(allowsGroups(ROUTES_BY_NAME.Tasks.meta)).toBe(true);
    for (const name of ['Files', 'People', 'CustomerInfo', 'CompanyProfile', 'Analytics', 'GSUsers'] as const) {
      expect(allowsGroups(ROUTES_BY_NAME[name].meta)).toBe(false);
    }
    expect(allowsGroups(undefined)).toBe(false);
  });

  it('selects a group, and choosing it again deselects it', () => {
    const nordic = { companyId: 'nordic', group: true };
    expect(switcherChoice({ companyId: null }, nordic)).toEqual(nordic);
    expect(switcherChoice({ companyId: 'acme' }, nordic)).toEqual(nordic);
    expect(switcherChoice(nordic, nordic)).toEqual({ companyId: null, group: false });
    expect(companySwitchTarget('Tasks', switcherChoice(nordic, nordic))).toBe('/tasks?all_companies=true');
  });

  it('moves from a group to another group, a company or all companies', () => {
    const nordic = { companyId: 'nordic', group: true };
    expect(switcherChoice(nordic, { companyId: 'other', group: true })).toEqual({ companyId: 'other', group: true });
    expect(switcherChoice(nordic, { companyId: 'acme', group: false })).toEqual({ companyId: 'acme', group: false });
    expect(switcherChoice(nordic, { companyId: null, group: false })).toEqual({ companyId: null, group: false });
    // a company whose uuid happens to be the group's is a company choice
    expect(switcherChoice(nordic, { companyId: 'nordic', group: false })).toEqual({ companyId: 'nordic', group: false });
  });

  it("marks a group's companies and its mother company as selected, once each", () => {
    const nordic = agent().groups[0];
    expect([...selectedCompanyIds({ companyGroup: nordic })]).toEqual(['acme', 'borealis']);
    const motherAlsoMember = group('g', 'G', { motherCompanyId: 'acme', companyIds: ['acme', 'borealis'] });
    expect([...selectedCompanyIds({ companyGroup: motherAlsoMember })]).toEqual(['acme', 'borealis']);
    const noMother = group('g', 'G', { companyIds: ['borealis'] });
    expect([...selectedCompanyIds({ companyGroup: noMother })]).toEqual(['borealis']);
    expect([...selectedCompanyIds({ company: { uuid: 'acme' } })]).toEqual(['acme']);
    expect(selectedCompanyIds({}).size).toBe(0);
  });
});

describe('logoTarget', () => {
  it('goes to GS users in the admin panel, the Inbox with a company, else Root', () => {
    expect(logoTarget(true, { companyId: 'acme' })).toBe('/portico-users');
    expect(logoTarget(false, { companyId: 'acme' })).toBe('/acme/inbox');
    expect(logoTarget(false, { companyId: null })).toBe('/');
  });
});

describe('mobile navigation', () => {
  it('shows only the Inbox, with the badge for customers', () => {
    const customer = navItems({ userType: 'customer', adminPanel: false, companyId: 'acme', group: false, platform: 'mobile' });
    expect(customer.map((i) => [i.key, i.to, Boolean(i.unreadBadge)])).toEqual([['inbox', '/acme/inbox', true]]);
    const agent = navItems({ userType: 'portico_user', adminPanel: false, companyId: null, group: false, platform: 'mobile' });
    expect(agent.map((i) => [i.key, Boolean(i.unreadBadge)])).toEqual([['inbox', false]]);
  });
});

describe('affectsUnreadCount', () => {
  it.each([
    ['inbox_thread.create', true],
    ['inbox_thread.mark_as_read', true],
    ['inbox_thread.destroy', true],
    ['inbox_message.create', true],
    ['inbox_activity.read', true],
    ['reconnected', true],
    ['inbox_message.update', false],
    ['system_banner.create', false],
  ])('%s: %s', (key, affects) => {
    expect(affectsUnreadCount(key)).toBe(affects);
  });
});
