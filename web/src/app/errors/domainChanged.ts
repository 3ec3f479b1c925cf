// FORBIDDEN_DOMAIN without an address to go to means the portal moved under the user
// (spec 000 §7): once the app is ready the shell shows the domain-changed modal. The
// error handlers raise the signal; the modal listens. Before the app is ready nobody
// listens and the handlers show the usual toast.

import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let changed = false;
let watchers = 0;

/** Raises the signal; false when no modal is mounted to show it. */
export function signalDomainChanged(): boolean {
  if (watchers === 0) return false;
  if (!changed) {
    changed = true;
    listeners.forEach((notify) => notify());
  }
  return true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the domain changed; a mounted user of this hook makes the signal shown. */
export function useDomainChanged(): boolean {
  return useSyncExternalStore(subscribe, () => changed, () => false);
}

/** Registers the component that shows the modal (AppRoot, once ready). */
export function watchDomainChanged(): () => void {
  watchers += 1;
  return () => {
    watchers -= 1;
  };
}

/** For tests. */
export function resetDomainChanged(): void {
  changed = false;
  watchers = 0;
  listeners.forEach((notify) => notify());
}
