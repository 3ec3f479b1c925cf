import { useCallback, useMemo } from 'react';
import type { FlagFilter, InboxFilterState } from '../../task-list';
import { readFilters, useFilterParams, writeFilters } from '../../task-list';
import { nextSort, readSort, writeSort, type SortField, type TaskSort } from '../utils/sorting';
import { isSearching } from '../utils/tasksVariables';

export interface TasksViewValue {
  readonly filters: InboxFilterState;
  readonly searching: boolean;
  /** The chosen column sort (kept while searching, when the table does not apply it). */
  readonly sort: TaskSort | null;
  readonly setFilters: (filters: InboxFilterState) => void;
  /** Applies a search text (Enter or blur). */
  readonly setQuery: (query: string) => void;
  readonly toggleFlag: (flag: FlagFilter) => void;
  readonly setDueRange: (from: string | null, to: string | null) => void;
  readonly setResponsible: (ids: readonly string[]) => void;
  /** A click on a column's sort. */
  readonly sortBy: (field: SortField) => void;
}

/**
 * The table's filters and its column sort, both kept in the address (the filters as the
 * inbox keeps them, the sort in order_by), so that a reload, an opened thread and Back keep them;
 * the filters are kept in storage too (useFilterParams).
 */
export function useTasksView(): TasksViewValue {
  const [params, setParams] = useFilterParams('tasks');
  const filters = useMemo(() => readFilters(params), [params]);
  const sort = useMemo(() => readSort(params), [params]);
  const update = useCallback(
    (change: (current: InboxFilterState) => InboxFilterState) =>
      setParams((p) => writeFilters(p, change(readFilters(p)))),
    [setParams],
  );
  const setFilters = useCallback((next: InboxFilterState) => update(() => next), [update]);
  const setQuery = useCallback(
    (query: string) =>
      update((f) => (f.query.trim() === query.trim() ? f : { ...f, query: query.trim() })),
    [update],
  );
  const toggleFlag = useCallback(
    (flag: FlagFilter) =>
      update((f) => ({ ...f, flags: f.flags.includes(flag) ? f.flags.filter((v) => v !== flag) : [...f.flags, flag] })),
    [update],
  );
  const setDueRange = useCallback(
    (dueDateFrom: string | null, dueDateTo: string | null) => update((f) => ({ ...f, dueDateFrom, dueDateTo })),
    [update],
  );
  const setResponsible = useCallback(
    (ids: readonly string[]) => update((f) => ({ ...f, responsibleIds: [...ids] })),
    [update],
  );
  const sortBy = useCallback(
    (field: SortField) => setParams((p) => writeSort(p, nextSort(readSort(p), field))),
    [setParams],
  );
  return {
    filters,
    searching: isSearching(filters),
    sort,
    setFilters,
    setQuery,
    toggleFlag,
    setDueRange,
    setResponsible,
    sortBy,
  };
}
