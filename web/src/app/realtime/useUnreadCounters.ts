import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useRealtime } from '../../shared/realtime/RealtimeProvider';
import { affectsUnreadCount } from '../layout/navItems';
import { loadUnreadCounters } from '../../features/inbox/lazy';

/**
 * The counters' own queries, refetched by name when the cache cannot follow: the sidebar
 * badge (features/inbox/graphql/inboxUnreadCount.ts) and the folder counters beside search
 * results (features/inbox/list/graphql/inboxFolderStats.ts). Lists refetch themselves.
 */
const COUNTER_QUERIES = ['InboxUnreadCount', 'InboxFolderStats'];
/** Bursts of events (a bulk change) cost one refetch. */
const COALESCE_MS = 300;

/** The rules, loaded with the first event they judge (they are not needed to paint a page). */
let rules: ReturnType<typeof loadUnreadCounters> | null = null;
const loadRules = () => (rules ??= loadUnreadCounters());

/** Events whose effect on the counters only the rules of applyUnreadEvent decide. */
const RULED = new Set(['inbox_message.create', 'inbox_thread.create', 'inbox_thread.update', 'inbox_thread.destroy']);

/**
 * Keeps the unread counters live (spec 000 §4 "Unread counters"): a new message changes the
 * cached counters and cards in place (applyUnreadEvent); a thread the cache does not know,
 * a thread's update or destruction, a read, other thread events and a reconnect refetch the
 * counters. Mounted once for the session, so that no event is counted twice.
 */
export function useUnreadCounters(viewerId: string): void {
  const client = useApolloClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const refetchSoon = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.refetchQueries({ include: COUNTER_QUERIES }).catch(() => undefined);
    }, COALESCE_MS);
  };
  useRealtime((event) => {
    if (!affectsUnreadCount(event.key)) return;
    if (!RULED.has(event.key)) {
      refetchSoon();
      return;
    }
    // events are applied in the order they came: each waits on the same loaded module
    void loadRules()
      .then(({ applyUnreadEvent }) => {
        if (applyUnreadEvent(client.cache, event, viewerId) === 'refetch') refetchSoon();
      })
      .catch(refetchSoon);
  });
}
