// The tasks table's column sort and the inboxTasks arguments it becomes (spec 001 §2, §7).

/** The columns the server sorts by (inboxTasks orderBy "<field> <asc|desc>"). */
export const SORT_FIELDS = [
  'title',
  'workflow',
  'company',
  'priority',
  'dueDate',
  'activityAt',
  'responsible',
  'status',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export type SortOrder = 'asc' | 'desc';

export interface TaskSort {
  readonly field: SortField;
  readonly order: SortOrder;
}

/** Clicking a column's sort: ascending, then descending, then the default order again. */
export function nextSort(current: TaskSort | null, field: SortField): TaskSort | null {
  if (!current || current.field !== field) return { field, order: 'asc' };
  return current.order === 'asc' ? { field, order: 'desc' } : null;
}

export interface SortVariables {
  readonly orderBy?: string;
  readonly orderByDueDate?: SortOrder;
}

/**
 * The sort arguments: none while searching or without a chosen column (the server's
 * default order); otherwise the column, then due date ascending as the secondary order
 * (the server adds activity time descending last).
 */
export function sortVariables(sort: TaskSort | null, searching: boolean): SortVariables {
  if (searching || !sort) return {};
  return { orderBy: `${sort.field} ${sort.order}`, orderByDueDate: 'asc' };
}

/** aria-sort of a column header. */
export function ariaSort(sort: TaskSort | null, field: SortField): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.field !== field) return 'none';
  return sort.order === 'asc' ? 'ascending' : 'descending';
}
