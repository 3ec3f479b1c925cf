// The inboxTasks arguments of the tasks table: scope, filters, sort and page size.

import type { TasksTableQueryVariables } from '../../../gql/graphql';
import { statusesOf, toServerFilters, type InboxFilterState } from '../../task-list';
import { sortVariables, type TaskSort } from './sorting';

/** The tasks table's page size (spec 001 §9). */
export const TASKS_PAGE_SIZE = 30;

export interface TasksView {
  readonly companyId: string | null;
  readonly group: boolean;
  readonly filters: InboxFilterState;
  readonly categoryIds: readonly string[];
  readonly sort: TaskSort | null;
}

export const isSearching = (filters: InboxFilterState): boolean => filters.query.trim() !== '';

/**
 * The table has no folder: the statuses come from the filter (the server shows Not
 * started and In progress when none is chosen), and both thread types show unless the
 * sender filter narrows them.
 */
export function tasksVariables(view: TasksView): TasksTableQueryVariables {
  const statuses = statusesOf(view.filters.statuses);
  return {
    companyId: view.companyId,
    group: view.group || null,
    limit: TASKS_PAGE_SIZE,
    filters: toServerFilters(view.filters, {
      categoryIds: view.categoryIds,
      statuses: statuses.length ? statuses : undefined,
    }),
    ...sortVariables(view.sort, isSearching(view.filters)),
  };
}

/** What the selection belongs to: a change of company, group, filters or category clears it (not the sort). */
export function selectionKey(view: TasksView): string {
  return JSON.stringify([view.companyId, view.group, view.filters, view.categoryIds]);
}
