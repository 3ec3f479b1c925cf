import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { initData, user } from '../../../test/fixtures';
import { installIntersectionObserver, removeIntersectionObserver, scrollIntoView } from '../../../test/intersection';
import { CUSTOMER_USERS } from '../graphql/customerUsers';
import { CUSTOMER_USERS_PAGE_SIZE, CustomerUsersTable } from './CustomerUsersTable';

vi.mock('../../../app/session/SessionProvider', () => ({
  useInit: () => initData({ user: user({ uuid: 'admin', userType: 'portico_user', userRole: 'admin' }) }),
}));

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['people']);
});
beforeEach(installIntersectionObserver);
afterEach(() => {
  cleanup();
  removeIntersectionObserver();
  vi.restoreAllMocks();
});

const person = (n: number) => ({
  __typename: 'User' as const,
  uuid: `u${n}`,
  name: `Person ${String(n).padStart(2, '0')}`,
  email: `person${n}@acme.test`,
  phone: null,
  active: true,
  companyUsers: [
    {
      __typename: 'CompanyUser' as const,
      uuid: `cu${n}`,
      userId: `u${n}`,
      name: `Person ${String(n).padStart(2, '0')}`,
      email: `person${n}@acme.test`,
      phone: null,
      active: true,
      jobTitle: null,
      admin: false,
      role: 'user',
      noCategories: true,
      canUpdate: true,
      canDestroy: true,
      company: { __typename: 'Company' as const, uuid: 'acme', name: 'Acme Oy', businessId: null, active: true },
      categories: [],
    },
  ],
});
const people = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => person(from + i));
const TOTAL = CUSTOMER_USERS_PAGE_SIZE + 5;
const page = (n: number, rows: ReturnType<typeof people>) => ({
  request: { query: CUSTOMER_USERS, variables: { companyId: null, page: n, limit: CUSTOMER_USERS_PAGE_SIZE } },
  result: { data: { users: { __typename: 'UserCollection', totalCount: TOTAL, collection: rows } } },
});

function renderTable(mocks: MockLink.MockedResponse[]) {
  const client = new ApolloClient({ cache: new InMemoryCache(), link: new MockLink(mocks) });
  render(
    <ApolloProvider client={client}>
      <MemoryRouter initialEntries={['/customer-users']}>
        <CustomerUsersTable companyId={null} adminPanel label="Customer users" />
      </MemoryRouter>
    </ApolloProvider>,
  );
}

const bodyRows = () => within(screen.getByRole('table', { name: 'Customer users' })).getAllByRole('row').slice(1);

// Two pages of antd table rows in jsdom take seconds, more on a busy machine: a ceiling above the default 30 s.
describe('CustomerUsersTable', { timeout: 120_000 }, () => {
  it('loads the next 30 as the end of the list scrolls into view, then says all are shown', async () => {
    renderTable([page(1, people(1, CUSTOMER_USERS_PAGE_SIZE)), page(2, people(CUSTOMER_USERS_PAGE_SIZE + 1, TOTAL))]);
    expect(await screen.findByText('Person 30')).toBeTruthy();
    expect(bodyRows()).toHaveLength(CUSTOMER_USERS_PAGE_SIZE);
    // infinite load, no pager (spec 002 §2.3); a button does the same for keyboards
    expect(screen.queryByRole('list', { name: /pagination/i })).toBeNull();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show more (5)' })).toBeTruthy();
    expect(screen.queryByText('Person 31')).toBeNull();

    let heard = 0;
    act(() => {
      heard = scrollIntoView(screen.getByTestId('list-end'));
    });
    expect(heard).toBe(1);
    // a loading row, announced to screen readers, while the page comes
    expect(screen.getByText('Loading more…').closest('[role="status"]')).toBeTruthy();
    expect(await screen.findByText(`Person ${TOTAL}`)).toBeTruthy();
    expect(bodyRows()).toHaveLength(TOTAL);
    expect(screen.getByText(`All ${TOTAL} shown`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(screen.queryByText('Loading more…')).toBeNull();
    // the end is no longer watched: nothing is left to load
    expect(scrollIntoView(screen.getByTestId('list-end'))).toBe(0);
  });

  it('offers a retry when the next page fails, and loads it on the retry', async () => {
    renderTable([
      page(1, people(1, CUSTOMER_USERS_PAGE_SIZE)),
      { request: page(2, []).request, error: new Error('offline') },
      page(2, people(CUSTOMER_USERS_PAGE_SIZE + 1, TOTAL)),
    ]);
    expect(await screen.findByText('Person 30')).toBeTruthy();
    scrollIntoView(screen.getByTestId('list-end'));
    expect(await screen.findByText('The next rows could not be loaded.')).toBeTruthy();
    expect(bodyRows()).toHaveLength(CUSTOMER_USERS_PAGE_SIZE);
    // a failed page waits for the reader instead of retrying on its own
    expect(scrollIntoView(screen.getByTestId('list-end'))).toBe(0);
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText(`Person ${TOTAL}`)).toBeTruthy();
    expect(screen.getByText(`All ${TOTAL} shown`)).toBeTruthy();
  });

  it("keeps a user's per-company lines level across the columns when category tags wrap", async () => {
    // jsdom has no layout: a company's line is as tall as its tags, one tag a line (they wrap).
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (!this.hasAttribute('data-line')) return measure.call(this);
      const height = 22 * Math.max(1, this.querySelectorAll('.ant-tag').length);
      return { x: 0, y: 0, top: 0, left: 0, right: 100, bottom: height, width: 100, height, toJSON: () => ({}) };
    });
    const membership = (uuid: string, name: string, categories: string[]) => ({
      ...person(1).companyUsers[0]!,
      uuid,
      company: { __typename: 'Company' as const, uuid: name, name, businessId: null, active: true },
      categories: categories.map((c) => ({ __typename: 'Category' as const, id: c, name: c })),
    });
    const two = {
      ...person(1),
      companyUsers: [membership('cu-acme', 'Acme Oy', ['Accounting', 'Payroll', 'Tax']), membership('cu-beta', 'Beta Ab', [])],
    };
    renderTable([
      {
        request: page(1, []).request,
        result: { data: { users: { __typename: 'UserCollection', totalCount: 1, collection: [two] } } },
      },
    ]);
    expect(await screen.findByText('Beta Ab')).toBeTruthy();
    const [row] = bodyRows();
    const lines = (line: string) => [...row!.querySelectorAll<HTMLElement>(`[data-line="u1:${line}"]`)];
    // company, title, categories and company admin: one line each per company
    expect(lines('cu-acme')).toHaveLength(4);
    expect(lines('cu-beta')).toHaveLength(4);
    await waitFor(() => expect(lines('cu-acme').map((l) => l.style.minHeight)).toEqual(Array(4).fill('66px')));
    expect(lines('cu-beta').map((l) => l.style.minHeight)).toEqual(Array(4).fill('22px'));
    // the lines start at the top of every cell
    for (const cell of row!.querySelectorAll('td')) expect(cell.style.verticalAlign).toBe('top');
  });
});
