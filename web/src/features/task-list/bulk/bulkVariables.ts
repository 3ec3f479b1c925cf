// The arguments every bulk mutation shares: which threads it changes.

import type { ChangeTasksUnreadMutationVariables, InboxFilters } from '../../../gql/graphql';
import type { InboxTab } from '../filters/urlState';
import { tabFlags } from '../filters/tabFlags';

/** Which threads: explicit ids, or every thread matching the view (folder, tab and filters). */
export interface BulkTarget {
  readonly companyId: string | null;
  readonly group: boolean;
  readonly taskIds: readonly string[] | null;
  readonly folder: string | null;
  /** The view's tab: with allTasks the server keeps to it as inboxTasks does. */
  readonly tab: InboxTab;
  readonly filters: InboxFilters | null;
}

export type BulkTargetVariables = Omit<ChangeTasksUnreadMutationVariables, 'unreadStatus'>;

/**
 * The target as the bulk mutations take it: taskIds, or allTasks with the folder, the
 * active tab's flag (assignedMe, meCustomers or todo) and the filters, so the change
 * reaches exactly the threads the list shows.
 */
export function bulkTargetVariables(target: BulkTarget): BulkTargetVariables {
  const scope = { companyId: target.companyId, group: target.group || null };
  if (target.taskIds) return { ...scope, taskIds: [...target.taskIds] };
  return { ...scope, allTasks: true, folder: target.folder, filters: target.filters, ...tabFlags(target.tab) };
}
