import { useEffect, useRef } from 'react';
import { useRealtime } from '../../../../shared/realtime';

/** Thread and message events that change what the list or its counters show (spec 001 §4 Realtime). */
export const LIST_EVENT_KEYS = [
  'inbox_thread.create',
  'inbox_thread.restore',
  'inbox_thread.update',
  'inbox_thread.change_due_date',
  'inbox_thread.change_priority',
  'inbox_thread.mark_as_unread',
  'inbox_thread.mark_as_read',
  'inbox_thread.destroy',
  'inbox_message.create',
] as const;

/** Bursts of events (a bulk change) become one reload. */
const DEBOUNCE_MS = 400;

/**
 * Reloads the list and its counters when a thread is created, changed, read, deleted or
 * restored, or gets a message, and after the realtime connection comes back.
 */
export function useInboxRealtime(reload: () => void): void {
  const timer = useRef<number | null>(null);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  useRealtime(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      reloadRef.current();
    }, DEBOUNCE_MS);
  }, LIST_EVENT_KEYS);
}
