import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { agent, company, group } from '../../test/fixtures';
import { initI18n } from '../i18n/i18n';
import { ROUTES_BY_NAME, type RouteName } from '../router/routeTable';
import { findCompany, findGroup } from '../session/companies';
import { CompanySwitcher } from './CompanySwitcher';
import type { CompanyScopeValue } from './useCompanyScope';

const OTHER = company('other', 'Other Oy');
const init = agent({
  companies: [...agent().companies, OTHER],
  groups: [group('nordic', 'Nordic Group', { motherCompanyId: 'acme', companyIds: ['borealis'], favorite: true })],
});
vi.mock('../session/SessionProvider', () => ({ useInit: () => init }));

beforeAll(async () => {
  await initI18n('en');
});

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function scopeOf(companyId: string | null, isGroup: boolean): CompanyScopeValue {
  return {
    companyId,
    group: isGroup,
    company: isGroup ? undefined : findCompany(init, companyId),
    companyGroup: isGroup ? findGroup(init, companyId) : undefined,
    allCompanies: !companyId,
  };
}

function renderSwitcher(route: RouteName, scope: CompanyScopeValue, kind: 'companies' | 'groups' = 'groups') {
  render(
    <MemoryRouter initialEntries={['/start']}>
      <CompanySwitcher scope={scope} route={ROUTES_BY_NAME[route].meta} kind={kind} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

function open() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Company' }));
}

const option = (title: string) => {
  const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${title}"]`);
  if (!found) throw new Error(`no option ${title}`);
  return found;
};
const optionTitles = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
const location = () => screen.getByTestId('location').textContent;

describe('CompanySwitcher', { timeout: 30_000 }, () => {
  it('offers the groups on the Inbox and marks a selected group’s companies and mother company', () => {
    renderSwitcher('Inbox', scopeOf('nordic', true));
    expect(screen.getByRole('combobox', { name: 'Company' }).closest('.ant-select')?.textContent).toContain('Nordic Group');
    open();
    expect(optionTitles()).toEqual(['All companies', 'Nordic Group', 'Acme Oy', 'Borealis AB', 'Other Oy']);
    expect(within(option('Nordic Group')).getByText('2 companies · choose again to deselect')).toBeTruthy();
    for (const name of ['Acme Oy', 'Borealis AB']) {
      expect(within(option(name)).getByRole('img', { name: 'Selected with the group' })).toBeTruthy();
    }
    expect(within(option('Acme Oy')).getByText('Mother company')).toBeTruthy();
    expect(within(option('Other Oy')).queryByRole('img', { name: 'Selected with the group' })).toBeNull();
    expect(within(option('Nordic Group')).getByRole('img', { name: 'Favourite' })).toBeTruthy();
  });

  it('deselects the group when it is chosen again, and selects it from a company', () => {
    renderSwitcher('Tasks', scopeOf('nordic', true));
    open();
    fireEvent.click(option('Nordic Group'));
    expect(location()).toBe('/tasks?all_companies=true');
    cleanup();

    renderSwitcher('Inbox', scopeOf('acme', false));
    open();
    expect(within(option('Nordic Group')).getByText('2 companies')).toBeTruthy();
    expect(within(option('Borealis AB')).queryByRole('img', { name: 'Selected with the group' })).toBeNull();
    fireEvent.click(option('Nordic Group'));
    expect(location()).toBe('/nordic/inbox?group=true');
  });

  it('finds a group by one of its companies’ names', () => {
    renderSwitcher('Inbox', scopeOf(null, false));
    open();
    fireEvent.change(screen.getByRole('combobox', { name: 'Company' }), { target: { value: 'borea' } });
    expect(optionTitles()).toEqual(['Nordic Group', 'Borealis AB']);
  });

  it('offers no groups outside Inbox and Tasks', () => {
    renderSwitcher('Files', scopeOf('acme', false));
    open();
    expect(optionTitles()).toEqual(['Acme Oy', 'Borealis AB', 'Other Oy']);
    fireEvent.click(option('Borealis AB'));
    expect(location()).toBe('/borealis/shared-files');
  });

  it('is a company switcher in the admin panel: companies and all of them, the list kept', () => {
    renderSwitcher('GSUsers', scopeOf(null, false), 'companies');
    open();
    expect(optionTitles()).toEqual(['All companies', 'Acme Oy', 'Borealis AB', 'Other Oy']);
    fireEvent.click(option('Borealis AB'));
    expect(location()).toBe('/borealis/portico-users');
  });
});
