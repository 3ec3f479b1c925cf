import { ApolloClient, InMemoryCache, gql, type TypedDocumentNode } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../app/i18n/i18n';
import { AdminTable } from './AdminTable';
import { useAdminList, type AdminList } from './useAdminList';

interface Row {
  readonly uuid: string;
  readonly name: string;
}
interface Data {
  readonly workflows: { readonly collection: Row[]; readonly totalCount: number };
}
interface Vars {
  readonly search?: string;
  readonly page: number;
  readonly limit: number;
  [key: string]: unknown;
}
const LIST: TypedDocumentNode<Data, Vars> = gql`
  query AdminListTest($search: String, $page: Int, $limit: Int) {
    workflows(search: $search, page: $page, limit: $limit) { totalCount collection { uuid name } }
  }
`;

const row = (n: number): Row & { __typename: string } => ({ __typename: 'Workflow', uuid: `w${n}`, name: `Workflow ${n}` });
const answer = (rows: Row[], totalCount: number) => ({
  data: { workflows: { __typename: 'WorkflowCollection', totalCount, collection: rows } },
});

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

let list: AdminList<{ search: string }, Row> | null = null;
let address = '';

function Page() {
  const location = useLocation();
  address = location.search;
  list = useAdminList({
    table: 'things',
    defaults: { search: '' },
    pageSize: 2,
    query: LIST,
    variables: (f, paging) => ({ ...paging, search: f.search || undefined }),
    select: (d) => d.workflows,
  });
  return (
    <AdminTable
      list={list}
      label="Things"
      rowKey={(r) => r.uuid}
      columns={[{ key: 'name', title: 'Name', render: (_, r) => r.name }]}
      empty={{ description: 'No things yet. Create the first one.' }}
    />
  );
}

function renderPage(mocks: MockLink.MockedResponse[], entry = '/list') {
  const client = new ApolloClient({ cache: new InMemoryCache(), link: new MockLink(mocks) });
  return render(
    <ApolloProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Page />
      </MemoryRouter>
    </ApolloProvider>,
  );
}

describe('useAdminList with AdminTable', () => {
  it('shows skeleton rows, then a page, and keeps the page in the address', async () => {
    const { container } = renderPage([
      { request: { query: LIST, variables: { page: 1, limit: 2 } }, result: answer([row(1), row(2)], 3) },
      { request: { query: LIST, variables: { page: 2, limit: 2 } }, result: answer([row(3)], 3) },
    ]);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    await screen.findByText('Workflow 1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Workflow 3');
    expect(JSON.parse(new URLSearchParams(address).get('table_things') ?? '')).toEqual({ page: 2 });
  });

  it('hides the pagination up to one page and says what to do on an empty list', async () => {
    renderPage([{ request: { query: LIST, variables: { page: 1, limit: 2 } }, result: answer([], 0) }]);
    await screen.findByText('No things yet. Create the first one.');
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('reads filters from the address, offers to clear them when nothing matches, and a filter change goes back to page 1', async () => {
    renderPage(
      [
        { request: { query: LIST, variables: { page: 2, limit: 2, search: 'pay' } }, result: answer([row(3)], 3) },
        { request: { query: LIST, variables: { page: 1, limit: 2, search: 'zzz' } }, result: answer([], 0) },
        { request: { query: LIST, variables: { page: 1, limit: 2 } }, result: answer([row(1)], 1) },
      ],
      `/list?table_things=${encodeURIComponent('{"search":"pay","page":2}')}`,
    );
    await screen.findByText('Workflow 3');
    act(() => list?.setFilters({ search: 'zzz' }));
    await screen.findByText('Nothing matches these filters. Change or clear them to see more.');
    expect(JSON.parse(new URLSearchParams(address).get('table_things') ?? '')).toEqual({ search: 'zzz' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('Workflow 1');
    await waitFor(() => expect(address).toBe(''));
  });

  it('moves a page past the end to the last page', async () => {
    renderPage(
      [
        { request: { query: LIST, variables: { page: 3, limit: 2 } }, result: answer([], 3) },
        { request: { query: LIST, variables: { page: 2, limit: 2 } }, result: answer([row(3)], 3) },
      ],
      `/list?table_things=${encodeURIComponent('{"page":3}')}`,
    );
    await screen.findByText('Workflow 3');
    expect(JSON.parse(new URLSearchParams(address).get('table_things') ?? '')).toEqual({ page: 2 });
  });
});
