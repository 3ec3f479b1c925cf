import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from '../../task-list';
import { SORT_FIELDS, ariaSort, nextSort, readSort, sortVariables, writeSort } from './sorting';
import { TASKS_PAGE_SIZE, selectionKey, tasksVariables, type TasksView } from './tasksVariables';

describe('nextSort', () => {
  it('goes ascending, descending, then back to the default order', () => {
    const asc = nextSort(null, 'title');
    expect(asc).toEqual({ field: 'title', order: 'asc' });
    const desc = nextSort(asc, 'title');
    expect(desc).toEqual({ field: 'title', order: 'desc' });
    expect(nextSort(desc, 'title')).toBeNull();
  });

  it('starts ascending on another column', () => {
    expect(nextSort({ field: 'title', order: 'desc' }, 'dueDate')).toEqual({ field: 'dueDate', order: 'asc' });
  });
});

describe('the sort in the address', () => {
  const qs = (s: string) => new URLSearchParams(s);

  it('is written as order_by=<field>+<direction> with the field in snake_case', () => {
    expect(writeSort(qs('all_companies=true'), { field: 'dueDate', order: 'desc' }).toString()).toBe(
      'all_companies=true&order_by=due_date+desc',
    );
    expect(writeSort(qs(''), { field: 'activityAt', order: 'asc' }).toString()).toBe('order_by=activity_at+asc');
  });

  it('survives a round trip for every column and direction', () => {
    for (const field of SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) {
        expect(readSort(writeSort(qs('q='), { field, order }))).toEqual({ field, order });
      }
    }
  });

  it('is read from a hand-written address too (%20 or +)', () => {
    expect(readSort(qs('order_by=priority%20desc'))).toEqual({ field: 'priority', order: 'desc' });
    expect(readSort(qs('order_by=title+asc'))).toEqual({ field: 'title', order: 'asc' });
  });

  it('leaves the address when the sort is cleared, keeping the other parameters', () => {
    const params = writeSort(qs('all_companies=true&order_by=title+asc&priority=high'), null);
    expect(params.toString()).toBe('all_companies=true&priority=high');
  });

  it('is ignored, not an error, when the field or direction is unknown or a part is missing', () => {
    for (const value of [
      '',
      'title',
      'title+up',
      'title+ASC',
      'dueDate+asc',
      'bogus+desc',
      'asc',
      'title+asc+desc',
      'title++asc',
    ]) {
      expect(readSort(qs(`order_by=${value}`))).toBeNull();
    }
    expect(readSort(qs('priority=high'))).toBeNull();
  });
});

describe('sortVariables', () => {
  it('sends the column and direction with due date ascending as the secondary order', () => {
    expect(sortVariables({ field: 'priority', order: 'desc' }, false)).toEqual({
      orderBy: 'priority desc',
      orderByDueDate: 'asc',
    });
  });

  it('sends no sort without a column, nor while searching', () => {
    expect(sortVariables(null, false)).toEqual({});
    expect(sortVariables({ field: 'title', order: 'asc' }, true)).toEqual({});
  });

  it('tells screen readers the sorted column', () => {
    expect(ariaSort({ field: 'title', order: 'asc' }, 'title')).toBe('ascending');
    expect(ariaSort({ field: 'title', order: 'desc' }, 'title')).toBe('descending');
    expect(ariaSort({ field: 'title', order: 'desc' }, 'status')).toBe('none');
  });
});

describe('tasksVariables', () => {
  const view = (extra: Partial<TasksView> = {}): TasksView => ({
    companyId: 'acme',
    group: false,
    filters: DEFAULT_FILTERS,
    categoryIds: [],
    sort: { field: 'title', order: 'asc' },
    ...extra,
  });

  it('asks for pages of 30 with the sort', () => {
    const vars = tasksVariables(view());
    expect(vars.limit).toBe(TASKS_PAGE_SIZE);
    expect(TASKS_PAGE_SIZE).toBe(30);
    expect(vars.orderBy).toBe('title asc');
    expect(vars.filters?.status).toBeUndefined();
    expect(vars.filters?.types).toEqual(['inbox_task', 'workflow_task']);
  });

  it('drops the sort while searching', () => {
    const vars = tasksVariables(view({ filters: { ...DEFAULT_FILTERS, query: 'vat' } }));
    expect(vars.orderBy).toBeUndefined();
    expect(vars.orderByDueDate).toBeUndefined();
    expect(vars.filters?.query).toBe('vat');
  });

  it('sends the chosen status groups as statuses', () => {
    const vars = tasksVariables(view({ filters: { ...DEFAULT_FILTERS, statuses: ['completed'] } }));
    expect(vars.filters?.status).toEqual(['closed', 'cancelled', 'skipped', 'failed']);
  });

  it('keeps the selection across a sort but not across a filter change', () => {
    const key = selectionKey(view());
    expect(selectionKey(view({ sort: { field: 'status', order: 'desc' } }))).toBe(key);
    expect(selectionKey(view({ filters: { ...DEFAULT_FILTERS, priority: ['high'] } }))).not.toBe(key);
  });
});
