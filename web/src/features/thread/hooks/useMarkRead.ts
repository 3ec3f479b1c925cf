import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef } from 'react';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import { READ_ACTIVITY } from '../graphql/readActivity';

/** A thread is marked read this long after it is opened (spec 001 §9). */
export const MARK_READ_DELAY_MS = 2000;

/**
 * Read requests one at a time: while one is on its way, only the newest asked-for
 * activity waits (reading up to it covers the others).
 */
export function createReadQueue(send: (activityId: string | null) => Promise<unknown>) {
  let running = false;
  let waiting: { id: string | null } | null = null;
  const drain = async () => {
    if (running || !waiting) return;
    running = true;
    const next = waiting;
    waiting = null;
    try {
      await send(next.id);
    } catch {
      // reading is best effort; the next request covers it
    } finally {
      running = false;
      void drain();
    }
  };
  return (activityId: string | null) => {
    waiting = { id: activityId };
    void drain();
  };
}

export interface MarkReadOptions {
  readonly taskId: string;
  /** Admins and users without mark_as_read never mark anything read. */
  readonly enabled: boolean;
  /** Whether the thread had anything unread when it was opened. */
  readonly unread: boolean;
}

/** Marks the thread read 2 s after it opens, and returns markRead(activityId) for messages seen later. */
export function useMarkRead({ taskId, enabled, unread }: MarkReadOptions) {
  const [mutate] = useMutation(READ_ACTIVITY);
  const context: PorticoOperationContext = { silentErrors: true };
  const queueRef = useRef<ReturnType<typeof createReadQueue> | null>(null);
  const taskRef = useRef(taskId);
  if (!queueRef.current || taskRef.current !== taskId) {
    taskRef.current = taskId;
    queueRef.current = createReadQueue((activityId) =>
      // The answered thread (read, unreadCount) reaches the list through the normalised cache.
      mutate({ variables: { taskId, activityId }, context }),
    );
  }
  const markRead = useCallback(
    (activityId: string | null = null) => {
      if (enabled) queueRef.current?.(activityId);
    },
    [enabled],
  );
  useEffect(() => {
    if (!enabled || !unread) return undefined;
    const timer = window.setTimeout(() => markRead(null), MARK_READ_DELAY_MS);
    return () => window.clearTimeout(timer);
    // once per opened thread
  }, [taskId, enabled]);
  return markRead;
}
