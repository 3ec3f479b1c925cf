import type { ReactNode } from 'react';
import { RealtimeProvider, useRealtime } from '../../shared/realtime/RealtimeProvider';
import { leaveForLogin } from '../session/leave';
import { useSession } from '../session/SessionProvider';
import { useUnreadCounters } from './useUnreadCounters';

/** The server ended the user's sessions (their last company membership was deactivated). */
export const SESSION_ENDED = 'user.session_ended';
const SESSION_ENDED_KEYS = [SESSION_ENDED];

/** Leaves for the login page as soon as the server says the session ended. */
function SessionEndListener() {
  useRealtime((event) => {
    if (event.key === SESSION_ENDED) leaveForLogin('no_access');
  }, SESSION_ENDED_KEYS);
  return null;
}

/** The unread counters follow the session's events (useUnreadCounters). */
function UnreadCountersListener({ viewerId }: { readonly viewerId: string }) {
  useUnreadCounters(viewerId);
  return null;
}

export interface SessionRealtimeProviderProps {
  readonly children: ReactNode;
}

/**
 * The app's one realtime connection: opened once init.json has given the signed-in
 * user's realtimeToken, closed when the session ends. Screens listen with useRealtime().
 */
export function SessionRealtimeProvider({ children }: SessionRealtimeProviderProps) {
  const { status, init } = useSession();
  const token = status === 'ready' && init ? init.realtimeToken || init.user.realtimeToken || null : null;
  return (
    <RealtimeProvider token={token}>
      {token ? <SessionEndListener /> : null}
      {token && init ? <UnreadCountersListener viewerId={init.user.uuid} /> : null}
      {children}
    </RealtimeProvider>
  );
}
