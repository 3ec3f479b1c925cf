import type { RealtimeEvent, RealtimeListener, RealtimeStatus } from './realtimeClient';

/**
 * The fan-out between one realtime connection and the screens listening to it. It
 * outlives the connection, so a new token (a new client) does not make screens
 * subscribe again. Tests create one and emit events into it.
 */
export interface RealtimeHub {
  subscribe(listener: RealtimeListener): () => void;
  emit(event: RealtimeEvent): void;
  status(): RealtimeStatus;
  setStatus(status: RealtimeStatus): void;
  subscribeStatus(listener: () => void): () => void;
}

export function createRealtimeHub(): RealtimeHub {
  const listeners = new Set<RealtimeListener>();
  const statusListeners = new Set<() => void>();
  let current: RealtimeStatus = 'idle';
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          // One screen's failing handler must not starve the others.
          console.error('realtime listener failed', error);
        }
      }
    },
    status: () => current,
    setStatus(status) {
      if (status === current) return;
      current = status;
      statusListeners.forEach((notify) => notify());
    },
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
  };
}
