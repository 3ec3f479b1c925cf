import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { TasksTable } from '../components/TasksTable';
import { makeRows } from '../components/testRows';
import { tasksPath } from '../utils/tasksPath';
import { tasksVariables } from '../utils/tasksVariables';
import { DEFAULT_FILTERS } from '../../task-list';
import { useTasksView } from './useTasksView';

// The tasks table's sort lives in the address: these tests drive the page's own pieces
// (useTasksView, TasksTable, tasksPath) through a router and read the sort back from it.

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['tasks', 'inbox', 'thread']);
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

/** The search_filters parameter for these filters, as the address spells it. */
const sf = (filters: object) => new URLSearchParams({ search_filters: JSON.stringify(filters) }).toString();

const ROWS = makeRows(3);

/** The table as TasksPage wires it: sort from the view, a row opens (or closes) its thread in the address. */
function SortedTable() {
  const view = useTasksView();
  const navigate = useNavigate();
  const location = useLocation();
  const { inbox_task_id: openId = null } = useParams();
  const variables = tasksVariables({ companyId: null, group: false, filters: view.filters, categoryIds: [], sort: view.sort });
  return (
    <>
      <output data-testid="address">{`${location.pathname}${location.search}`}</output>
      <output data-testid="order-by">{variables.orderBy ?? 'default'}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => view.setQuery('vat')}>
        Search vat
      </button>
      <button type="button" onClick={() => view.setQuery('')}>
        Clear search
      </button>
      <button type="button" onClick={() => view.setFilters({ ...DEFAULT_FILTERS, query: view.filters.query, priority: ['high'] })}>
        High only
      </button>
      <TasksTable
        rows={ROWS}
        totalCount={ROWS.length}
        sort={view.sort}
        sortable={!view.searching}
        onSort={view.sortBy}
        openId={openId}
        onOpen={(row) => navigate(tasksPath(null, row.uuid === openId ? null : row.uuid, location.search))}
        onOpenApplication={vi.fn()}
        isSelected={() => false}
        selecting={false}
        onToggleSelected={vi.fn()}
        hasMore={false}
        loadingMore={false}
        loadMoreError={false}
        onLoadMore={vi.fn()}
        emptyText="No tasks"
      />
    </>
  );
}

/** A fresh app at an address, as after a reload. */
function load(address: string) {
  cleanup();
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/:selected_company_id?/tasks/:inbox_task_id?" element={<SortedTable />} />
      </Routes>
    </MemoryRouter>,
  );
}

const address = () => screen.getByTestId('address').textContent;
const orderBy = () => screen.getByTestId('order-by').textContent;
const header = (name: string) => screen.getByRole('columnheader', { name });
const click = (name: string) =>
  act(() => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

describe('the tasks table sort in the address', { timeout: 30_000 }, () => {
  it('survives opening and closing a thread, Back and a reload', async () => {
    load('/tasks?all_companies=true');
    expect(header('Title').getAttribute('aria-sort')).toBe('none');
    expect(orderBy()).toBe('default');

    await click('Title');
    expect(address()).toBe('/tasks?all_companies=true&order_by=title+asc');
    expect(header('Title').getAttribute('aria-sort')).toBe('ascending');
    expect(orderBy()).toBe('title asc');

    await click('Task 1');
    expect(address()).toBe('/tasks/task-1?all_companies=true&order_by=title+asc');
    expect(header('Title').getAttribute('aria-sort')).toBe('ascending');

    // The open row again closes the thread; the sort stays.
    await click('Task 1');
    expect(address()).toBe('/tasks?all_companies=true&order_by=title+asc');

    await click('Back');
    expect(address()).toBe('/tasks/task-1?all_companies=true&order_by=title+asc');
    expect(header('Title').getAttribute('aria-sort')).toBe('ascending');

    load('/tasks/task-1?all_companies=true&order_by=title+asc');
    expect(header('Title').getAttribute('aria-sort')).toBe('ascending');
    expect(orderBy()).toBe('title asc');
  });

  it('goes descending, then leaves the address when cleared; a filter change keeps it', async () => {
    load('/acme/tasks?order_by=due_date+asc');
    expect(header('Due date').getAttribute('aria-sort')).toBe('ascending');
    expect(orderBy()).toBe('dueDate asc');

    await click('Due date');
    expect(address()).toBe('/acme/tasks?order_by=due_date+desc');
    expect(header('Due date').getAttribute('aria-sort')).toBe('descending');

    await click('High only');
    expect(address()).toBe(`/acme/tasks?order_by=due_date+desc&${sf({ priority: ['high'] })}`);
    expect(header('Due date').getAttribute('aria-sort')).toBe('descending');

    await click('Due date');
    expect(address()).toBe(`/acme/tasks?${sf({ priority: ['high'] })}`);
    expect(header('Due date').getAttribute('aria-sort')).toBe('none');
    expect(orderBy()).toBe('default');
  });

  it('is off while searching and back when the search is cleared', async () => {
    load('/tasks?all_companies=true&order_by=status+desc');
    await click('Search vat');
    expect(address()).toBe(`/tasks?all_companies=true&order_by=status+desc&${sf({ query: 'vat' })}`);
    expect(orderBy()).toBe('default');
    expect(screen.queryByRole('button', { name: 'Task state' })).toBeNull();

    await click('Clear search');
    expect(address()).toBe('/tasks?all_companies=true&order_by=status+desc');
    expect(header('Task state').getAttribute('aria-sort')).toBe('descending');
    expect(orderBy()).toBe('status desc');
  });

  it('ignores an unknown field or direction in the address', async () => {
    load('/tasks?all_companies=true&order_by=colour+asc');
    expect(header('Title').getAttribute('aria-sort')).toBe('none');
    expect(orderBy()).toBe('default');
    // The first click sorts ascending and writes a valid value over the unknown one.
    await click('Title');
    expect(address()).toBe('/tasks?all_companies=true&order_by=title+asc');

    load('/tasks?all_companies=true&order_by=title+sideways');
    expect(header('Title').getAttribute('aria-sort')).toBe('none');
    expect(orderBy()).toBe('default');
  });
});

describe('the tasks table filters in storage', { timeout: 30_000 }, () => {
  const stored = () => ({
    session: sessionStorage.getItem('portico.search_filters.tasks'),
    local: localStorage.getItem('portico.search_filters.tasks'),
  });

  it('survive a reload without them in the address, and go back into it', async () => {
    load('/tasks?all_companies=true');
    await click('High only');
    expect(stored()).toEqual({ session: '{"priority":["high"]}', local: '{"priority":["high"]}' });

    load('/tasks?all_companies=true');
    expect(address()).toBe(`/tasks?all_companies=true&${sf({ priority: ['high'] })}`);
  });

  it('take this tab’s filters before the last ones of another tab, and a link’s before both', async () => {
    sessionStorage.setItem('portico.search_filters.tasks', '{"query":"mine"}');
    localStorage.setItem('portico.search_filters.tasks', '{"query":"other tab"}');
    load('/tasks?all_companies=true');
    expect(address()).toBe(`/tasks?all_companies=true&${sf({ query: 'mine' })}`);

    // A new tab (no session storage yet) starts with the last filters any tab showed.
    sessionStorage.clear();
    localStorage.setItem('portico.search_filters.tasks', '{"query":"other tab"}');
    load('/tasks?all_companies=true');
    expect(address()).toBe(`/tasks?all_companies=true&${sf({ query: 'other tab' })}`);

    load(`/tasks?all_companies=true&${sf({ priority: ['low'] })}`);
    expect(address()).toBe(`/tasks?all_companies=true&${sf({ priority: ['low'] })}`);
    expect(stored()).toEqual({ session: '{"priority":["low"]}', local: '{"priority":["low"]}' });
  });

  it('ignore a malformed or stale stored value and a malformed address', async () => {
    sessionStorage.setItem('portico.search_filters.tasks', '{"priority":');
    load('/tasks?all_companies=true');
    expect(address()).toBe('/tasks?all_companies=true');

    sessionStorage.setItem('portico.search_filters.tasks', '{"colour":"red","priority":["someday"]}');
    load('/tasks?all_companies=true');
    expect(address()).toBe('/tasks?all_companies=true');

    load('/tasks?all_companies=true&search_filters=%7Bnot+json');
    expect(header('Title')).toBeTruthy();
    expect(stored().session).toBe('{}');
  });

  it('are stored as none after a reset, so a reload does not bring the old ones back', async () => {
    load('/tasks?all_companies=true');
    await click('Search vat');
    await click('Clear search');
    expect(stored().session).toBe('{}');
    load('/tasks?all_companies=true');
    expect(address()).toBe('/tasks?all_companies=true');
  });
});
