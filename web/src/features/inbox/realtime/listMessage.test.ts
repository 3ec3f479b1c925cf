import { describe, expect, it } from 'vitest';
import { createCache } from '../../../app/apollo/client';
import { DEFAULT_FILTERS } from '../../task-list';
import { card } from '../../thread';
import { INBOX_THREADS } from '../list/graphql/inboxThreads';
import type { ListView } from '../list/listVariables';
import { testView } from '../list/testView';
import { applyListMessage, messageMovesInPlace, overdueFirst } from './listMessage';

const VARS = { companyId: 'acme', group: null, limit: 10 };
const NOW = '2026-11-22T09:30:00.000Z';
const BY_ACTIVITY = { now: new Date(NOW), overdueFirst: false };
const OVERDUE_FIRST = { now: new Date(NOW), overdueFirst: true };

/** A cache holding the first page of the list: t1 newest, t2 read, t3 oldest (or the threads given). */
function seeded(
  threads = [
    card('t1', { activityAt: '2026-11-21T10:00:00Z' }),
    card('t2', { activityAt: '2026-11-20T10:00:00Z', read: true, unreadCount: 0, unreadActivityId: null }),
    card('t3', { activityAt: '2026-11-19T10:00:00Z' }),
  ],
) {
  const cache = createCache();
  cache.writeQuery({
    query: INBOX_THREADS,
    variables: VARS,
    data: {
      inboxTasks: {
        __typename: 'InboxTaskCollection',
        collection: threads,
        totalCount: 25,
        companyAbilities: [],
        inboxStats: { __typename: 'InboxStats', totalCount: 25, unreadCount: 2, newCount: 25, inProgressCount: 0, closedCount: 0, deletedCount: 0 },
      },
    },
  } as never);
  return cache;
}

const listOf = (cache: ReturnType<typeof createCache>) => cache.readQuery({ query: INBOX_THREADS, variables: VARS })?.inboxTasks;

describe('applyListMessage', () => {
  it('moves the thread of a new message to the top of the cached list, with the time and where it opens', () => {
    const cache = seeded();
    expect(applyListMessage(cache, VARS, { taskId: 't2', activityId: 'a9', own: false }, BY_ACTIVITY)).toBe(true);
    const list = listOf(cache);
    expect(list?.collection.map((t) => t.uuid)).toEqual(['t2', 't1', 't3']);
    expect(list?.collection[0]).toMatchObject({ activityAt: NOW, unreadActivityId: 'a9' });
    // the page, its total and its counters are as they were: nothing to load
    expect(list?.totalCount).toBe(25);
    expect(list?.inboxStats.unreadCount).toBe(2);
    // the read mark and unread count are the counters' (applyUnreadEvent)
    expect(list?.collection[0]).toMatchObject({ read: true, unreadCount: 0 });
  });

  it('keeps where a thread with unread messages opens, and the viewer’s own message sets none', () => {
    const cache = seeded();
    expect(applyListMessage(cache, VARS, { taskId: 't3', activityId: 'a9', own: false }, BY_ACTIVITY)).toBe(true);
    expect(listOf(cache)?.collection[0]).toMatchObject({ uuid: 't3', unreadActivityId: 'a1' });
    expect(applyListMessage(cache, VARS, { taskId: 't2', activityId: 'a10', own: true }, BY_ACTIVITY)).toBe(true);
    expect(listOf(cache)?.collection.map((t) => [t.uuid, t.unreadActivityId])).toEqual([
      ['t2', null],
      ['t3', 'a1'],
      ['t1', 'a1'],
    ]);
  });

  it('keeps open overdue threads first where the folder lists them first: the thread goes first after them, an overdue one stays', () => {
    const overdue = { status: 'in_progress', dueDate: '2026-11-01T00:00:00Z' };
    const threads = () => [
      card('o1', { ...overdue, activityAt: '2026-11-10T10:00:00Z' }),
      card('o2', { ...overdue, dueDate: '2026-11-05T00:00:00Z', activityAt: '2026-11-09T10:00:00Z' }),
      card('t1', { activityAt: '2026-11-21T10:00:00Z' }),
      // a closed thread past its due date is no longer overdue
      card('t2', { status: 'closed', dueDate: '2026-11-01T00:00:00Z', activityAt: '2026-11-20T10:00:00Z' }),
    ];
    let cache = seeded(threads());
    expect(applyListMessage(cache, VARS, { taskId: 't2', activityId: 'a9', own: false }, OVERDUE_FIRST)).toBe(true);
    expect(listOf(cache)?.collection.map((t) => t.uuid)).toEqual(['o1', 'o2', 't2', 't1']);
    expect(applyListMessage(cache, VARS, { taskId: 'o2', activityId: 'a9', own: false }, OVERDUE_FIRST)).toBe(true);
    expect(listOf(cache)?.collection.map((t) => t.uuid)).toEqual(['o1', 'o2', 't2', 't1']);
    expect(listOf(cache)?.collection[1]).toMatchObject({ uuid: 'o2', activityAt: NOW });
    // Closed and Bin list by activity alone
    cache = seeded(threads());
    expect(applyListMessage(cache, VARS, { taskId: 'o2', activityId: 'a9', own: false }, BY_ACTIVITY)).toBe(true);
    expect(listOf(cache)?.collection.map((t) => t.uuid)).toEqual(['o2', 'o1', 't1', 't2']);
  });

  it('cannot apply a message to a thread the list has not loaded, or to a list not cached', () => {
    const cache = seeded();
    expect(applyListMessage(cache, VARS, { taskId: 't9', activityId: 'a9', own: false }, BY_ACTIVITY)).toBe(false);
    expect(listOf(cache)?.collection.map((t) => t.uuid)).toEqual(['t1', 't2', 't3']);
    expect(applyListMessage(cache, { ...VARS, unread: true }, { taskId: 't1', activityId: 'a9', own: false }, BY_ACTIVITY)).toBe(false);
  });
});

describe('messageMovesInPlace', () => {
  const view = testView;

  it('knows which folders list overdue threads first', () => {
    expect(['inbox', 'unread', 'new', 'inProgress', 'closed', 'bin'].filter((f) => overdueFirst(f as ListView['folder']))).toEqual([
      'inbox',
      'unread',
      'new',
      'inProgress',
    ]);
  });

  it('holds for every folder in its one order, without filters', () => {
    for (const folder of ['inbox', 'new', 'inProgress', 'closed', 'bin'] as const) {
      expect(messageMovesInPlace(view({ folder }), false)).toBe(true);
      expect(messageMovesInPlace(view({ folder }), true)).toBe(true);
    }
    expect(messageMovesInPlace(view({ folder: 'unread' }), false)).toBe(true);
  });

  it('does not hold where the message can change what the list shows', () => {
    expect(messageMovesInPlace(view({ folder: 'unread' }), true)).toBe(false);
    expect(messageMovesInPlace(view({ folder: 'search' }), false)).toBe(false);
    expect(messageMovesInPlace(view({ tab: 'todo' }), false)).toBe(false);
    expect(messageMovesInPlace(view({ filters: { ...DEFAULT_FILTERS, flags: ['withMessages'] } }), false)).toBe(false);
    expect(messageMovesInPlace(view({ filters: { ...DEFAULT_FILTERS, query: 'vat' } }), false)).toBe(false);
  });
});
