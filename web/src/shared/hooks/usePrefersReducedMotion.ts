import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(notify: () => void): () => void {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener?.('change', notify);
  return () => list?.removeEventListener?.('change', notify);
}

/** Whether the user asked the system for less motion (drawers and modals then appear at once). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => Boolean(window.matchMedia?.(QUERY).matches), () => false);
}
