import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useRealtime } from '../../shared/realtime/RealtimeProvider';
import { affectsUnreadCount } from './navItems';

/** The badge's query (features/inbox/graphql/inboxUnreadCount.ts), refetched by name. */
const UNREAD_QUERY = 'InboxUnreadCount';
/** Bursts of events (a bulk change) cost one refetch. */
const COALESCE_MS = 300;

/**
 * Keeps the unread badge live: thread events, new messages and reads refetch the
 * unread count (spec 000 §4), as does a reconnect after a lost connection.
 */
export function useUnreadBadgeRefresh(enabled: boolean): void {
  const client = useApolloClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useRealtime((event) => {
    if (!enabled || !affectsUnreadCount(event.key) || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.refetchQueries({ include: [UNREAD_QUERY] }).catch(() => undefined);
    }, COALESCE_MS);
  });
}
