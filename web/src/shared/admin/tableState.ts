// An admin list's state in the address: one query parameter per list, table_<name>, holding
// its filters and page as JSON (spec 002 §2.16: "the filter state is kept in query parameter
// table_logs_all"). Values equal to their default are left out, and a list in its default
// state has no parameter at all (spec 002 §4: filters revert to defaults when they equal them).

/** A filter value a list may keep: text, a yes/no, a number, or a list of ids. */
export type FilterValue = string | boolean | number | null | readonly string[];

export type Filters = Readonly<Record<string, FilterValue>>;

export interface TableState<F extends Filters> {
  readonly filters: F;
  /** From 1. */
  readonly page: number;
}

/** The query parameter that holds a list's state. */
export const tableParam = (table: string): string => `table_${table}`;

const sameValue = (a: FilterValue, b: FilterValue): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
};

/** Whether the filters differ from the defaults (page aside). */
export function isFiltered<F extends Filters>(filters: F, defaults: F): boolean {
  return Object.keys(defaults).some((key) => !sameValue(filters[key] ?? null, defaults[key] ?? null));
}

// A value read from the address counts only when it has its default's shape; anything else is
// the default, so a hand-edited or outdated address never breaks the page.
function accept(value: unknown, fallback: FilterValue): FilterValue {
  if (Array.isArray(fallback)) {
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : fallback;
  }
  if (fallback === null) return typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number' ? value : null;
  return typeof value === typeof fallback ? (value as FilterValue) : fallback;
}

function parse(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Reads a list's filters and page from the address. */
export function readTableState<F extends Filters>(params: URLSearchParams, table: string, defaults: F): TableState<F> {
  const stored = parse(params.get(tableParam(table)));
  const filters = Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => [key, key in stored ? accept(stored[key], fallback) : fallback]),
  ) as F;
  const page = stored['page'];
  return { filters, page: typeof page === 'number' && Number.isInteger(page) && page > 1 ? page : 1 };
}

/** Writes a list's state into a copy of the params, leaving out what equals its default. */
export function writeTableState<F extends Filters>(
  params: URLSearchParams,
  table: string,
  state: TableState<F>,
  defaults: F,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) {
    const value = state.filters[key] ?? null;
    if (!sameValue(value, defaults[key] ?? null)) kept[key] = typeof value === 'string' ? value.trim() : value;
    if (kept[key] === '' && defaults[key] === '') delete kept[key];
  }
  if (state.page > 1) kept['page'] = state.page;
  if (Object.keys(kept).length > 0) next.set(tableParam(table), JSON.stringify(kept));
  else next.delete(tableParam(table));
  return next;
}

/** The last page that has rows (1 for an empty list). */
export const lastPage = (totalCount: number, pageSize: number): number => Math.max(1, Math.ceil(totalCount / pageSize));
