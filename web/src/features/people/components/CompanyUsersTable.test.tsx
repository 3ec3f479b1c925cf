import { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../../app/apollo/client';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import type { InitData } from '../../../app/session/types';
import { company, initData, user } from '../../../test/fixtures';
import { installIntersectionObserver, removeIntersectionObserver } from '../../../test/intersection';
import { COMPANY_USERS } from '../graphql/companyUsers';
import { DELETE_COMPANY_USER } from '../graphql/mutations';
import { CompanyUsersTable } from './CompanyUsersTable';
import { CUSTOMER_USERS_PAGE_SIZE } from './CustomerUsersTable';

const session = vi.hoisted(() => ({ init: null as InitData | null }));
vi.mock('../../../app/session/SessionProvider', () => ({ useInit: () => session.init }));

const manage = [{ action: ['create', 'update', 'destroy'], subject: 'CompanyUser' }];
const anna = () =>
  initData({ user: user({ uuid: 'anna', name: 'Anna Acme' }), companies: [company('acme', 'Acme Oy', { rules: manage })] });
const carl = () => initData({ user: user({ uuid: 'carl', name: 'Carl Acme' }) });

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['people', 'common']);
});
beforeEach(installIntersectionObserver);
afterEach(() => {
  cleanup();
  removeIntersectionObserver();
});

const acme = { __typename: 'CompanyLink' as const, uuid: 'acme', name: 'Acme Oy', businessId: null, active: true };
const row = (userId: string, name: string, manageable: boolean, extra: Record<string, unknown> = {}) => ({
  __typename: 'CompanyUser' as const,
  uuid: `cu-${userId}`,
  userId,
  name,
  email: `${userId}@acme.test`,
  phone: null,
  active: true,
  jobTitle: null,
  admin: false,
  role: 'user',
  noCategories: false,
  canUpdate: manageable,
  canDestroy: manageable,
  company: acme,
  categories: [{ __typename: 'Category' as const, id: '2', name: 'Payroll' }],
  ...extra,
});
const request = { query: COMPANY_USERS, variables: { companyId: 'acme', page: 1, limit: CUSTOMER_USERS_PAGE_SIZE } };
const answer = (rows: ReturnType<typeof row>[]) => ({
  request,
  result: { data: { companyUsers: { __typename: 'CompanyUserCollection', totalCount: rows.length, collection: rows } } },
});

function renderTable(init: InitData, mocks: MockLink.MockedResponse[]) {
  session.init = init;
  const client = new ApolloClient({ cache: createCache(), link: new MockLink(mocks) });
  render(
    <ApolloProvider client={client}>
      <App>
        <MemoryRouter initialEntries={['/acme/company-profile']}>
          <CompanyUsersTable companyId="acme" label="Company users" />
        </MemoryRouter>
      </App>
    </ApolloProvider>,
  );
}

describe('CompanyUsersTable', { timeout: 60_000 }, () => {
  it("lets a customer admin deactivate a colleague after confirming, and shows the row's new state", async () => {
    const deactivated = {
      request: { query: DELETE_COMPANY_USER, variables: { companyUserId: 'cu-carl', companyId: 'acme' } },
      result: {
        data: {
          deleteCompanyUser: {
            __typename: 'CompanyUserPayload',
            errors: [],
            user: {
              __typename: 'User',
              uuid: 'carl',
              name: 'Carl Acme',
              email: 'carl@acme.test',
              phone: null,
              active: true,
              companyUsers: [{ ...row('carl', 'Carl Acme', true), active: false }],
            },
          },
        },
      },
    };
    renderTable(anna(), [answer([row('anna', 'Anna Acme', true, { admin: true, role: 'admin', canDestroy: false }), row('carl', 'Carl Acme', true)]), deactivated]);
    expect(await screen.findByRole('link', { name: 'Carl Acme' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add user/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Carl Acme' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Edit categories',
      'Edit title and role',
      'Deactivate',
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Carl Acme?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('link', { name: 'Carl Acme (inactive)' })).toBeTruthy();
  });

  it('shows a customer user their colleagues without an add button or any action', async () => {
    renderTable(carl(), [answer([row('anna', 'Anna Acme', false, { admin: true, role: 'admin' }), row('carl', 'Carl Acme', false)])]);
    expect(await screen.findByRole('link', { name: 'Anna Acme' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Carl Acme' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add user/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('marks a colleague without an active category', async () => {
    renderTable(anna(), [answer([row('noora', 'Noora New', true, { noCategories: true, categories: [] })])]);
    expect(await screen.findByText('No categories: sees nothing')).toBeTruthy();
  });

  it('says when the company has no users, and offers a retry when the list fails', async () => {
    renderTable(anna(), [answer([])]);
    expect(await screen.findByText('No users in the company yet.')).toBeTruthy();
    cleanup();
    renderTable(anna(), [{ request, error: new Error('offline') }, answer([row('carl', 'Carl Acme', true)])]);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Carl Acme' })).toBeTruthy();
  });
});
