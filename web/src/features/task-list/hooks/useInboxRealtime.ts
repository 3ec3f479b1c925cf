import { useEffect, useRef } from 'react';
import { useRealtime } from '../../../shared/realtime';

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

/**
 * Events that change only what a card shows, never which folder or tab a thread is in, its
 * place in the list or a counter: the one thread is fetched again instead of the list.
 */
const IN_PLACE_KEYS: ReadonlySet<string> = new Set(['inbox_thread.change_priority']);

/** Bursts of events (a bulk change) become one reload. */
const DEBOUNCE_MS = 400;

export type ListEffect =
  | { readonly type: 'reload' }
  | { readonly type: 'thread'; readonly id: string }
  | { readonly type: 'message'; readonly taskId: string }
  | { readonly type: 'none' };

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * What an event means for the list: reload it, refresh one loaded card (the open thread's
 * pane refreshes its own, which reaches the card through the cache), apply a new message to
 * a loaded thread's card, or nothing.
 */
export function listEffectOf(
  event: { readonly key: string; readonly data: Readonly<Record<string, unknown>> },
  loaded: (id: string) => boolean,
  openId: string | null,
): ListEffect {
  if (event.key === 'inbox_message.create') {
    const taskId = str(event.data['taskId']);
    return taskId && loaded(taskId) ? { type: 'message', taskId } : { type: 'reload' };
  }
  if (!IN_PLACE_KEYS.has(event.key)) return { type: 'reload' };
  const id = str(event.data['uuid']);
  if (!id) return { type: 'reload' };
  if (id === openId || !loaded(id)) return { type: 'none' };
  return { type: 'thread', id };
}

export interface InboxRealtimeOptions {
  /** Reloads the list and its counters. */
  readonly reload: () => void;
  /** Fetches one thread again; its card follows through the cache. */
  readonly refreshThread?: (id: string) => void;
  /**
   * Applies a new message to a loaded thread's card in the cache; false when it cannot (the
   * list's view or cache does not allow it), and the list reloads.
   */
  readonly applyMessage?: (taskId: string, data: Readonly<Record<string, unknown>>) => boolean;
  /** Whether a thread is in the loaded list. */
  readonly loaded?: (id: string) => boolean;
  readonly openId?: string | null;
}

/**
 * Reloads the list and its counters when a thread is created, changed, read, deleted or
 * restored, or gets a message, and after the realtime connection comes back; refreshes
 * just the card on a change that moves nothing, and moves a loaded thread's card on a new
 * message where applyMessage can.
 */
export function useInboxRealtime(reloadOrOptions: (() => void) | InboxRealtimeOptions): void {
  const options: InboxRealtimeOptions = typeof reloadOrOptions === 'function' ? { reload: reloadOrOptions } : reloadOrOptions;
  const timer = useRef<number | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  useRealtime((event) => {
    const { loaded, openId = null, refreshThread, applyMessage } = latest.current;
    // Without a way to refresh one thread, every change reloads the list.
    const effect = refreshThread && loaded ? listEffectOf(event, loaded, openId) : ({ type: 'reload' } as const);
    if (effect.type === 'none') return;
    if (effect.type === 'thread') {
      refreshThread?.(effect.id);
      return;
    }
    if (effect.type === 'message' && applyMessage?.(effect.taskId, event.data)) return;
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      latest.current.reload();
    }, DEBOUNCE_MS);
  }, LIST_EVENT_KEYS);
}
