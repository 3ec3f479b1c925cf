import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import type { TaskRow } from '../hooks/useTasks';
import { TasksTable, type TasksTableProps } from './TasksTable';
import { makeRows } from './testRows';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['tasks', 'inbox', 'thread']);
});
afterEach(cleanup);

function renderTable(rows: TaskRow[], extra: Partial<TasksTableProps> = {}) {
  const props: TasksTableProps = {
    rows,
    totalCount: rows.length,
    sort: null,
    sortable: true,
    onSort: vi.fn(),
    openId: null,
    onOpen: vi.fn(),
    onOpenApplication: vi.fn(),
    isSelected: () => false,
    selecting: false,
    onToggleSelected: vi.fn(),
    hasMore: false,
    loadingMore: false,
    loadMoreError: false,
    onLoadMore: vi.fn(),
    emptyText: 'No tasks here',
    ...extra,
  };
  render(<TasksTable {...props} />);
  return props;
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('TasksTable', { timeout: 30_000 }, () => {
  it('shows the columns and one row per loaded task (only those in view mounted)', () => {
    renderTable(makeRows(200));
    expect(headers()).toEqual([
      'Category and selection',
      'Title',
      'Workflow',
      'Company',
      'Priority',
      'Due date',
      'Last update',
      'Assigned to',
      'Task state',
    ]);
    const table = screen.getByRole('table', { name: 'Tasks' });
    expect(table.getAttribute('aria-rowcount')).toBe('201');
    const rows = screen.getAllByTestId('task-row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(within(rows[0]!).getByRole('button', { name: 'Task 0' })).toBeTruthy();
    expect(within(rows[0]!).getByText('Acme Oy')).toBeTruthy();
    expect(within(rows[0]!).getByText('Unassigned')).toBeTruthy();
  });

  it('shows 10 striped skeleton rows while the first page loads, then striped rows', () => {
    renderTable([], { loading: true });
    const table = screen.getByRole('table', { hidden: true });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(table.querySelectorAll('[role="row"][aria-hidden="true"]')).toHaveLength(10);
    expect(screen.getByRole('status').textContent).toBe('Loading tasks');
    cleanup();
    renderTable(makeRows(3));
    const stripes = screen.getAllByTestId('task-row').map((row) => row.style.getPropertyValue('--portico-row-stripe') !== '');
    expect(stripes).toEqual([false, true, false]);
  });

  it('adds a column per workflow parameter found in the rows', () => {
    const rows = makeRows(3, (i) =>
      i === 1
        ? {
            workflow: { __typename: 'InboxWorkflow', uuid: 'w1', name: 'Monthly closing' },
            workflowParameters: [
              { __typename: 'InboxWorkflowParameter', key: 'period', label: 'Reporting period', value: '2026-10' },
            ],
          }
        : {},
    );
    renderTable(rows);
    expect(headers().at(-1)).toBe('Reporting period');
    const row = screen.getAllByTestId('task-row')[1]!;
    expect(within(row).getByText('2026-10')).toBeTruthy();
    expect(within(row).getByText('Monthly closing')).toBeTruthy();
  });

  it('sorts by a column when sorting is allowed', () => {
    const props = renderTable(makeRows(3), { sort: { field: 'title', order: 'asc' } });
    const title = screen.getAllByRole('columnheader')[1]!;
    expect(title.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(title).getByRole('button'));
    expect(props.onSort).toHaveBeenCalledWith('title');
    fireEvent.click(within(screen.getAllByRole('columnheader')[5]!).getByRole('button'));
    expect(props.onSort).toHaveBeenLastCalledWith('dueDate');
  });

  it('offers no sorting while searching', () => {
    renderTable(makeRows(3), { sortable: false });
    for (const header of screen.getAllByRole('columnheader')) {
      expect(within(header).queryByRole('button')).toBeNull();
      expect(header.getAttribute('aria-sort')).toBeNull();
    }
  });

  it('opens a row and toggles its checkbox without opening it', () => {
    const rows = makeRows(3);
    const props = renderTable(rows);
    fireEvent.click(screen.getByRole('button', { name: 'Task 1' }));
    expect(props.onOpen).toHaveBeenCalledWith(rows[1]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select task Task 2' }));
    expect(props.onToggleSelected).toHaveBeenCalledWith(rows[2]);
    expect(props.onOpen).toHaveBeenCalledTimes(1);
  });

  it('opens an external application action of a task', () => {
    const action = { id: 'netvisor', actionKey: 'close_period', label: 'Close the period' };
    const rows = makeRows(1, () => ({ externalActions: [action] }));
    const props = renderTable(rows);
    fireEvent.click(screen.getByRole('button', { name: 'Open in application: Close the period' }));
    expect(props.onOpenApplication).toHaveBeenCalledWith(rows[0], action);
    expect(props.onOpen).not.toHaveBeenCalled();
  });

  it('offers a retry when the next page fails', async () => {
    const props = renderTable(makeRows(3), { totalCount: 40, hasMore: false, loadMoreError: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(props.onLoadMore).toHaveBeenCalled();
  });
});
