import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { DEFAULT_FILTERS } from '../../task-list';
import { TasksHeader, type TasksHeaderProps } from './TasksHeader';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['tasks', 'inbox']);
});
afterEach(cleanup);

function renderHeader(width: number, extra: Partial<TasksHeaderProps> = {}) {
  const props: TasksHeaderProps = {
    width,
    filters: DEFAULT_FILTERS,
    meId: 'me',
    companies: [],
    people: [],
    onFilters: vi.fn(),
    onQuery: vi.fn(),
    onToggleFlag: vi.fn(),
    onDueRange: vi.fn(),
    assigneeSwitcher: <span data-testid="assignee-switcher" />,
    onAddNew: vi.fn(),
    ...extra,
  };
  render(<TasksHeader {...props} />);
  return props;
}

const shown = () => ({
  dueRange: screen.queryByTestId('tasks-due-range') !== null,
  assignee: screen.queryByTestId('assignee-switcher') !== null,
  search: screen.queryByRole('searchbox') !== null,
  content: screen.queryByTestId('tasks-content-toggles') !== null,
  due: screen.queryByTestId('tasks-due-toggles') !== null,
  filters: screen.queryByRole('button', { name: 'Filters' }) !== null,
  addNew: screen.queryByRole('button', { name: /Add new/ }) !== null,
});

describe('TasksHeader', { timeout: 30_000 }, () => {
  it('shows only the filters popover and Add new on a narrow window', () => {
    renderHeader(1024);
    expect(shown()).toEqual({
      dueRange: false,
      assignee: false,
      search: false,
      content: false,
      due: false,
      filters: true,
      addNew: true,
    });
  });

  it('adds the toggles at 1440 px, but not the search or the assignee', () => {
    renderHeader(1440);
    expect(shown()).toMatchObject({ dueRange: false, assignee: false, search: false, content: true, due: true });
  });

  it('adds the search and the assignee switcher at 1920 px', () => {
    renderHeader(1920);
    expect(shown()).toMatchObject({ dueRange: false, assignee: true, search: true, content: true, due: true });
  });

  it('shows every filter above 2050 px', () => {
    renderHeader(2051);
    expect(shown()).toEqual({
      dueRange: true,
      assignee: true,
      search: true,
      content: true,
      due: true,
      filters: true,
      addNew: true,
    });
  });

  it('toggles a flag and applies the search on Enter', () => {
    const props = renderHeader(1920, { filters: { ...DEFAULT_FILTERS, flags: ['overdue'] } });
    const overdue = screen.getByRole('button', { name: 'Overdue' });
    expect(overdue.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Urgent' }));
    expect(props.onToggleFlag).toHaveBeenCalledWith('urgent');
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'vat' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(props.onQuery).toHaveBeenCalledWith('vat');
  });
});
