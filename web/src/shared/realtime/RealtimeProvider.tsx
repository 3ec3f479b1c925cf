// The app's one realtime connection and the hooks screens listen with.
// Owned by the app shell (mounted once in app/realtime/SessionRealtimeProvider).
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  REALTIME_RECONNECTED,
  RealtimeClient,
  type RealtimeEvent,
  type RealtimeStatus,
  type SocketFactory,
} from './realtimeClient';
import { createRealtimeHub, type RealtimeHub } from './realtimeHub';

const RealtimeContext = createContext<RealtimeHub | null>(null);

export interface RealtimeProviderProps {
  /** The signed-in user's realtimeToken; no connection while null. */
  readonly token: string | null;
  readonly children: ReactNode;
  /** ws(s):// address; defaults to /api/realtime on the page's host. */
  readonly url?: string;
  readonly createSocket?: SocketFactory;
}

/**
 * Holds the one realtime connection of the app. Mount it once, above every screen that
 * listens; screens use useRealtime().
 */
export function RealtimeProvider({ token, children, url, createSocket }: RealtimeProviderProps) {
  const [hub] = useState(createRealtimeHub);

  useEffect(() => {
    if (!token) {
      hub.setStatus('idle');
      return undefined;
    }
    const client = new RealtimeClient({
      token,
      ...(url ? { url } : {}),
      ...(createSocket ? { createSocket } : {}),
      onStatus: (status) => hub.setStatus(status),
    });
    const unsubscribe = client.subscribe((event) => hub.emit(event));
    const online = () => client.retryNow();
    window.addEventListener('online', online);
    client.start();
    return () => {
      window.removeEventListener('online', online);
      unsubscribe();
      client.stop();
    };
  }, [hub, token, url, createSocket]);

  return <RealtimeContext.Provider value={hub}>{children}</RealtimeContext.Provider>;
}

export interface RealtimeHubProviderProps {
  readonly hub: RealtimeHub;
  readonly children: ReactNode;
}

/**
 * Provides a hub without a connection: for tests, which emit events into it
 * (`const hub = createRealtimeHub(); ... act(() => hub.emit({ key, data, channel: '' }))`).
 */
export function RealtimeHubProvider({ hub, children }: RealtimeHubProviderProps) {
  return <RealtimeContext.Provider value={hub}>{children}</RealtimeContext.Provider>;
}

/** The app's realtime hub, or null outside a RealtimeProvider. */
export function useRealtimeHub(): RealtimeHub | null {
  return useContext(RealtimeContext);
}

export type RealtimeHandler = (event: RealtimeEvent) => void;

/**
 * Calls handler for every realtime event, or only for the given keys. The `reconnected`
 * pseudo-event (REALTIME_RECONNECTED) always reaches the handler, whatever the keys:
 * events may have been missed while the connection was down, so refetch on it.
 * The handler may change on every render; the subscription stays. Outside a
 * RealtimeProvider the hook does nothing.
 */
export function useRealtime(handler: RealtimeHandler, keys?: readonly string[]): void {
  const hub = useRealtimeHub();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  const keyList = keys ? [...keys].sort().join('\n') : null;

  useEffect(() => {
    if (!hub) return undefined;
    const wanted = keyList === null ? null : new Set(keyList.split('\n'));
    return hub.subscribe((event) => {
      if (wanted && event.key !== REALTIME_RECONNECTED && !wanted.has(event.key)) return;
      handlerRef.current(event);
    });
  }, [hub, keyList]);
}

const noSubscription = () => () => undefined;

/** The connection's status ('idle' outside a RealtimeProvider), e.g. for a "reconnecting" hint. */
export function useRealtimeStatus(): RealtimeStatus {
  const hub = useRealtimeHub();
  return useSyncExternalStore(
    hub ? hub.subscribeStatus : noSubscription,
    () => (hub ? hub.status() : 'idle'),
    () => 'idle',
  );
}
