import type { ApolloCache, Reference } from '@apollo/client';
import { graphql } from '../../../gql';

/** What the rules read of a cached thread (a card, a tasks row or the open thread). */
const UNREAD_THREAD = graphql(`
  fragment UnreadThread on InboxTask {
    uuid
    companyId
    categoryId
    type
    read
    unreadCount
  }
`);

/** Whether an activity is in the cache (loaded in a thread's stream). */
const CACHED_ACTIVITY = graphql(`
  fragment CachedActivity on InboxActivity {
    uuid
  }
`);

/** What an event did to the cached counters: changed them, needs the server's, or nothing. */
export type UnreadOutcome = 'applied' | 'refetch' | 'none';

export interface UnreadEvent {
  readonly key: string;
  readonly data: Readonly<Record<string, unknown>>;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

type Thread = { uuid: string; companyId: string; categoryId: string; type: string; read: boolean; unreadCount: number };

function cachedThread(cache: ApolloCache, uuid: string): Thread | null {
  const id = cache.identify({ __typename: 'InboxTask', uuid });
  if (!id) return null;
  try {
    return cache.readFragment({ id, fragment: UNREAD_THREAD }) ?? null;
  } catch {
    return null; // a thread cached without these fields counts as not cached
  }
}

function activityCached(cache: ApolloCache, uuid: string): boolean {
  const id = cache.identify({ __typename: 'InboxActivity', uuid });
  if (!id) return false;
  try {
    return cache.readFragment({ id, fragment: CACHED_ACTIVITY }) != null;
  } catch {
    return false;
  }
}

/** A root field's arguments from its store name, `inboxStats({"companyId":"c1","group":null})`. */
function argsOf(storeFieldName: string): Record<string, unknown> {
  const open = storeFieldName.indexOf('(');
  if (open < 0 || !storeFieldName.endsWith(')')) return {};
  try {
    const parsed = JSON.parse(storeFieldName.slice(open + 1, -1)) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const listed = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * Whether a cached inboxStats answer counts the thread: its scope is all companies or the
 * thread's, and its category and type filters let it in. A group's scope is not known
 * here (its companies are the server's), so it is asked again ('unknown').
 */
export function statsCount(args: Record<string, unknown>, thread: Thread): boolean | 'unknown' {
  if (args['group'] === true) return 'unknown';
  const company = str(args['companyId']);
  if (company && company !== thread.companyId) return false;
  const categories = listed(args['categoryIds']);
  if (categories.length && !categories.includes(thread.categoryId)) return false;
  const types = listed(args['types']);
  if (types.length && !types.includes(thread.type)) return false;
  return true;
}

type Stats = { readonly unreadCount?: unknown };
type List = { readonly collection?: readonly Reference[]; readonly inboxStats?: Stats };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** The stats with one more unread thread (a stored answer without the counter stays as it is). */
function plusOne<T>(stats: T): T {
  if (!isObject(stats) || typeof stats['unreadCount'] !== 'number') return stats;
  return { ...stats, unreadCount: stats['unreadCount'] + 1 };
}

/**
 * Applies a realtime event to the cached unread counters (spec 000 §4 "Unread counters"):
 * a new message from another user marks its thread unread and raises the thread's unread
 * count by one, and every cached inboxStats that counts the thread by one if the thread had
 * been read. The user's own messages, and messages whose activity is already cached, change
 * nothing. A message or a new thread the cache does not know, and a thread's update or
 * destruction, need the server's counters ('refetch'); other events change nothing here.
 */
export function applyUnreadEvent(cache: ApolloCache, event: UnreadEvent, viewerId: string): UnreadOutcome {
  const { key, data } = event;
  if (key === 'inbox_thread.create') {
    const uuid = str(data['uuid']);
    return uuid && cachedThread(cache, uuid) ? 'none' : 'refetch';
  }
  if (key === 'inbox_thread.update' || key === 'inbox_thread.destroy') return 'refetch';
  if (key !== 'inbox_message.create') return 'none';

  if (str(data['userId']) === viewerId) return 'none';
  const activityId = str(data['activityId']);
  if (activityId && activityCached(cache, activityId)) return 'none';
  const taskId = str(data['taskId']);
  const thread = taskId ? cachedThread(cache, taskId) : null;
  if (!thread) return 'refetch';

  const threadRef = cache.identify({ __typename: 'InboxTask', uuid: thread.uuid });
  cache.modify({
    id: threadRef,
    fields: {
      read: () => false,
      unreadCount: (count: number) => count + 1,
    },
  });
  if (!thread.read) return 'applied';

  let unknown = false;
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      inboxStats(value, { storeFieldName }) {
        const counts = statsCount(argsOf(storeFieldName), thread);
        if (counts === 'unknown') unknown = true;
        return counts === true ? plusOne(value) : value;
      },
      // a list's counters count the thread when the list holds it
      inboxTasks(value, { readField }) {
        const list = value as List;
        if (!list.inboxStats || !list.collection?.some((ref) => readField('uuid', ref) === thread.uuid)) return value;
        return { ...list, inboxStats: plusOne(list.inboxStats) } as typeof value;
      },
    },
  });
  return unknown ? 'refetch' : 'applied';
}
