// The tasks table's column sort, its place in the address and the inboxTasks arguments it
// becomes (spec 001 §2, §7).

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

/** The sort's query parameter: `order_by=due_date+desc` (a field and a direction, space-separated). */
export const SORT_PARAM = 'order_by';

// The address spells the fields in snake_case, as the other query parameters are spelled.
const URL_FIELDS = {
  title: 'title',
  workflow: 'workflow',
  company: 'company',
  priority: 'priority',
  dueDate: 'due_date',
  activityAt: 'activity_at',
  responsible: 'responsible',
  status: 'status',
} as const satisfies Record<SortField, string>;

const ORDERS: readonly SortOrder[] = ['asc', 'desc'];

/**
 * The sort from the address: exactly `<field> <asc|desc>` with a known field; anything
 * else (an unknown field or direction, a missing part) is no sort, not an error.
 */
export function readSort(params: URLSearchParams): TaskSort | null {
  const [name, order, ...rest] = (params.get(SORT_PARAM) ?? '').trim().split(' ');
  if (rest.length) return null;
  const field = SORT_FIELDS.find((f) => URL_FIELDS[f] === name);
  const direction = ORDERS.find((o) => o === order);
  return field && direction ? { field, order: direction } : null;
}

/** Writes the sort into a copy of the params; no sort (the default order) leaves the parameter out. */
export function writeSort(params: URLSearchParams, sort: TaskSort | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort) next.set(SORT_PARAM, `${URL_FIELDS[sort.field]} ${sort.order}`);
  else next.delete(SORT_PARAM);
  return next;
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
