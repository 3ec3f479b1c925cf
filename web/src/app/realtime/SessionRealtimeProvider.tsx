import type { ReactNode } from 'react';
import { RealtimeProvider } from '../../shared/realtime/RealtimeProvider';
import { useSession } from '../session/SessionProvider';

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
  return <RealtimeProvider token={token}>{children}</RealtimeProvider>;
}
