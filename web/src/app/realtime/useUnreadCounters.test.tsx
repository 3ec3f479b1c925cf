import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeHub, RealtimeHubProvider } from '../../shared/realtime';
import { createCache } from '../apollo/client';
import { useUnreadCounters } from './useUnreadCounters';

afterEach(cleanup);

// the rules are a chunk of their own, loaded with the first event: a busy machine takes a while
const WAIT = { timeout: 10_000 };

const BADGE = 'inboxStats({"companyId":"c1","group":null})';

function setup() {
  const cache = createCache();
  cache.restore({
    ROOT_QUERY: { __typename: 'Query', [BADGE]: { __typename: 'InboxStats', unreadCount: 2 } },
    'InboxTask:{"uuid":"t1"}': { __typename: 'InboxTask', uuid: 't1', companyId: 'c1', categoryId: 'cat1', type: 'inbox_task', read: true, unreadCount: 0 },
  });
  const client = new ApolloClient({ cache, link: ApolloLink.empty() });
  const refetch = vi.spyOn(client, 'refetchQueries').mockImplementation(() => Object.assign(Promise.resolve([]), { queries: [], results: [] }));
  const hub = createRealtimeHub();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>
      <RealtimeHubProvider hub={hub}>{children}</RealtimeHubProvider>
    </ApolloProvider>
  );
  renderHook(() => useUnreadCounters('me'), { wrapper });
  const badge = () => (cache.extract()['ROOT_QUERY'] as Record<string, { unreadCount: number }>)[BADGE]?.unreadCount;
  const thread = () => cache.extract()['InboxTask:{"uuid":"t1"}'];
  return { hub, refetch, badge, thread };
}

const message = (taskId: string, n: number) => ({
  key: 'inbox_message.create',
  channel: '',
  data: { uuid: `m${n}`, activityId: `a${n}`, taskId, companyId: 'c1', userId: 'agent' },
});

describe('useUnreadCounters', () => {
  it('counts another user’s messages in the cache, in order, without asking the server', async () => {
    const { hub, refetch, badge, thread } = setup();
    hub.emit(message('t1', 1));
    hub.emit(message('t1', 2));
    // the first marks the read thread unread (+1 on the badge); the second finds it unread
    await vi.waitFor(() => expect(thread()).toMatchObject({ read: false, unreadCount: 2 }), WAIT);
    expect(badge()).toBe(3);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('refetches the counters for a thread the cache does not know, and for a read', async () => {
    const { hub, refetch, badge } = setup();
    hub.emit(message('t-unknown', 1));
    await vi.waitFor(() => expect(refetch).toHaveBeenCalledWith({ include: ['InboxUnreadCount', 'InboxFolderStats'] }), WAIT);
    expect(badge()).toBe(2);
    refetch.mockClear();
    hub.emit({ key: 'inbox_activity.read', channel: '', data: { uuid: 't1' } });
    await vi.waitFor(() => expect(refetch).toHaveBeenCalledTimes(1), WAIT);
  });
});
