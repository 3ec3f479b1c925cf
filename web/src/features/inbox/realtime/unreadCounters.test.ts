import type { NormalizedCacheObject } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../../app/apollo/client';
import { applyUnreadEvent, type UnreadEvent } from './unreadCounters';

const ME = 'me-uuid';
const OTHER = 'agent-uuid';
const T1 = 'InboxTask:{"uuid":"t1"}';

const stats = (unreadCount: number) => ({ __typename: 'InboxStats', totalCount: 9, unreadCount, newCount: 3, inProgressCount: 2, closedCount: 1, deletedCount: 0 });
const thread = (read: boolean, unreadCount = 0) => ({
  __typename: 'InboxTask', uuid: 't1', companyId: 'c1', categoryId: 'cat1', type: 'inbox_task', read, unreadCount, title: 'Payroll',
});

/** A cache as the pages leave it: the badge's counters, a list holding t1, counters of other scopes. */
function seeded(read: boolean, extra: NormalizedCacheObject = {}) {
  const cache = createCache();
  cache.restore({
    ROOT_QUERY: {
      __typename: 'Query',
      'inboxStats({"companyId":"c1","group":null})': stats(2),
      'inboxStats({"companyId":null,"group":null})': stats(5),
      'inboxStats({"companyId":"c2","group":null})': stats(7),
      'inboxStats({"categoryIds":["cat2"],"companyId":"c1","group":null,"types":null})': stats(4),
      'inboxStats({"categoryIds":["cat1"],"companyId":"c1","group":null,"types":["workflow_task"]})': stats(4),
      'inboxTasks({"companyId":"c1","group":null,"limit":10})': {
        __typename: 'InboxTaskCollection', totalCount: 1, collection: [{ __ref: T1 }], inboxStats: stats(2),
      },
      'inboxTasks({"companyId":"c1","group":null,"limit":10,"unread":true})': {
        __typename: 'InboxTaskCollection', totalCount: 0, collection: [], inboxStats: stats(2),
      },
    },
    [T1]: thread(read),
    ...extra,
  });
  return cache;
}

const message = (data: Partial<Record<string, string>> = {}): UnreadEvent => ({
  key: 'inbox_message.create',
  data: { uuid: 'm9', activityId: 'a9', taskId: 't1', companyId: 'c1', userId: OTHER, ...data },
});

const root = (cache: ReturnType<typeof createCache>) => cache.extract()['ROOT_QUERY'] as Record<string, { unreadCount?: number; inboxStats?: { unreadCount: number } }>;
const unreadOf = (cache: ReturnType<typeof createCache>, field: string) => root(cache)[field]?.unreadCount;

describe('applyUnreadEvent (spec 000 §4 Unread counters)', () => {
  it('a new message from another user marks a read thread unread, +1 on it and +1 on every counter that counts it', () => {
    const cache = seeded(true);
    expect(applyUnreadEvent(cache, message(), ME)).toBe('applied');
    expect(cache.extract()[T1]).toMatchObject({ read: false, unreadCount: 1 });
    expect(unreadOf(cache, 'inboxStats({"companyId":"c1","group":null})')).toBe(3);
    expect(unreadOf(cache, 'inboxStats({"companyId":null,"group":null})')).toBe(6);
    // another company's, another category's and another type's counters do not count it
    expect(unreadOf(cache, 'inboxStats({"companyId":"c2","group":null})')).toBe(7);
    expect(unreadOf(cache, 'inboxStats({"categoryIds":["cat2"],"companyId":"c1","group":null,"types":null})')).toBe(4);
    expect(unreadOf(cache, 'inboxStats({"categoryIds":["cat1"],"companyId":"c1","group":null,"types":["workflow_task"]})')).toBe(4);
    // a list's counters change when the list holds the thread
    expect(root(cache)['inboxTasks({"companyId":"c1","group":null,"limit":10})']?.inboxStats?.unreadCount).toBe(3);
    expect(root(cache)['inboxTasks({"companyId":"c1","group":null,"limit":10,"unread":true})']?.inboxStats?.unreadCount).toBe(2);
    // the rest of the counters stay as they were
    expect(root(cache)['inboxStats({"companyId":"c1","group":null})']).toMatchObject({ totalCount: 9, newCount: 3 });
  });

  it('a thread already unread gets +1 on its own count, the total of unread threads stays', () => {
    const cache = seeded(false);
    cache.restore({ ...cache.extract(), [T1]: thread(false, 2) });
    expect(applyUnreadEvent(cache, message(), ME)).toBe('applied');
    expect(cache.extract()[T1]).toMatchObject({ read: false, unreadCount: 3 });
    expect(unreadOf(cache, 'inboxStats({"companyId":"c1","group":null})')).toBe(2);
    expect(unreadOf(cache, 'inboxStats({"companyId":null,"group":null})')).toBe(5);
  });

  it('ignores the user’s own message', () => {
    const cache = seeded(true);
    const before = cache.extract();
    expect(applyUnreadEvent(cache, message({ userId: ME }), ME)).toBe('none');
    expect(cache.extract()).toEqual(before);
  });

  it('ignores a message whose activity is already cached (the open thread loaded it)', () => {
    const cache = seeded(true, { 'InboxActivity:{"uuid":"a9"}': { __typename: 'InboxActivity', uuid: 'a9' } });
    const before = cache.extract();
    expect(applyUnreadEvent(cache, message(), ME)).toBe('none');
    expect(cache.extract()).toEqual(before);
  });

  it('asks for the counters when the message’s thread is not cached', () => {
    const cache = seeded(true);
    const before = cache.extract();
    expect(applyUnreadEvent(cache, message({ taskId: 't-unknown' }), ME)).toBe('refetch');
    expect(cache.extract()).toEqual(before);
  });

  it('asks for a group’s counters, whose companies the cache does not know, and changes the rest', () => {
    const cache = seeded(true);
    cache.restore({
      ...cache.extract(),
      ROOT_QUERY: { ...(cache.extract()['ROOT_QUERY'] as object), 'inboxStats({"companyId":"g1","group":true})': stats(8) } as never,
    });
    expect(applyUnreadEvent(cache, message(), ME)).toBe('refetch');
    expect(unreadOf(cache, 'inboxStats({"companyId":"g1","group":true})')).toBe(8);
    expect(unreadOf(cache, 'inboxStats({"companyId":"c1","group":null})')).toBe(3);
  });

  it('a new thread: refetch when the cache does not know it, nothing when it does', () => {
    const cache = seeded(true);
    expect(applyUnreadEvent(cache, { key: 'inbox_thread.create', data: { uuid: 't-new' } }, ME)).toBe('refetch');
    expect(applyUnreadEvent(cache, { key: 'inbox_thread.create', data: { uuid: 't1' } }, ME)).toBe('none');
  });

  it('a thread’s update or destruction refetches, whatever the cache holds', () => {
    const cache = seeded(true);
    const before = cache.extract();
    expect(applyUnreadEvent(cache, { key: 'inbox_thread.update', data: { uuid: 't1' } }, ME)).toBe('refetch');
    expect(applyUnreadEvent(cache, { key: 'inbox_thread.destroy', data: { uuid: 't1' } }, ME)).toBe('refetch');
    expect(cache.extract()).toEqual(before);
  });
});
