import type { ApolloCache } from '@apollo/client';
import type { InboxThreadFieldsFragment, InboxThreadsQueryVariables } from '../../../gql/graphql';
import { activeFilterCount, type Folder } from '../../task-list';
import { INBOX_THREADS } from '../list/graphql/inboxThreads';
import type { ListView } from '../list/listVariables';

/** A new message's event as the list reads it (inbox_message.create, spec 001 §4 Realtime). */
export interface ListMessage {
  readonly taskId: string;
  /** The new message's activity: where the thread opens when it had nothing unread. */
  readonly activityId: string | null;
  /** The message's author is the viewer. */
  readonly own: boolean;
}

/**
 * Whether a new message can be applied to a loaded thread's card in place (decision 0151): the
 * list is in its one order, shows every thread of its folder (no filters, no search, the All
 * tab), and the message cannot take the thread out of the folder (the viewer's own message reads
 * the thread, which leaves the Unread folder).
 */
export function messageMovesInPlace(view: ListView, own: boolean): boolean {
  if (view.folder === 'search' || view.tab !== 'all') return false;
  if (activeFilterCount(view.filters) > 0 || view.filters.query.trim()) return false;
  return !(own && view.folder === 'unread');
}

/** Folders other than Closed and Bin list open overdue threads first, by due date (engine/inbox/list.go). */
export const overdueFirst = (folder: Folder): boolean => folder !== 'closed' && folder !== 'bin';

type Card = Pick<InboxThreadFieldsFragment, 'status' | 'dueDate'>;
const inOverduePart = (t: Card, now: number): boolean =>
  (t.status === 'created' || t.status === 'in_progress') && t.dueDate !== null && t.dueDate !== undefined && Date.parse(t.dueDate) < now;

/**
 * Applies a new message to the cached page of the inbox list of variables, as the server would
 * order it: the thread gets the activity's time and goes first among the threads ordered by
 * activity (after the overdue ones where they come first; an overdue thread keeps its place),
 * and a thread with nothing unread before opens at the new message when someone else wrote it.
 * Its read mark and counters are applyUnreadEvent's (unreadCounters.ts), which every event
 * reaches once. False when the list or the thread is not cached: the list is then asked again.
 */
export function applyListMessage(
  cache: ApolloCache,
  variables: InboxThreadsQueryVariables,
  message: ListMessage,
  order: { readonly now: Date; readonly overdueFirst: boolean },
): boolean {
  const now = order.now.getTime();
  let applied = false;
  cache.updateQuery({ query: INBOX_THREADS, variables }, (data) => {
    const list = data?.inboxTasks;
    const thread = list?.collection.find((t) => t.uuid === message.taskId);
    if (!data || !list || !thread) return undefined;
    applied = true;
    const opensAt = !message.own && !thread.unreadActivityId && message.activityId ? message.activityId : thread.unreadActivityId;
    const moved = { ...thread, activityAt: order.now.toISOString(), unreadActivityId: opensAt };
    if (order.overdueFirst && inOverduePart(thread, now)) {
      return { ...data, inboxTasks: { ...list, collection: list.collection.map((t) => (t === thread ? moved : t)) } };
    }
    const others = list.collection.filter((t) => t !== thread);
    const firstByActivity = order.overdueFirst ? others.findIndex((t) => !inOverduePart(t, now)) : 0;
    const at = firstByActivity < 0 ? others.length : firstByActivity;
    return { ...data, inboxTasks: { ...list, collection: [...others.slice(0, at), moved, ...others.slice(at)] } };
  });
  return applied;
}
