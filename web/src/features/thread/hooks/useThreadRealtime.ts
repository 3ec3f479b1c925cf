import { REALTIME_RECONNECTED } from '../../../shared/realtime/realtimeClient';
import { useRealtime } from '../../../shared/realtime/useRealtime';
import type { ThreadActivity } from '../utils/types';

/** The events the open thread listens to (spec 000 §7). */
export const THREAD_EVENT_KEYS = [
  'inbox_message.create',
  'inbox_message.update',
  'inbox_message.destroy',
  'inbox_activity.update',
  'inbox_activity.read',
  'inbox_activity.full_read',
  'inbox_attachment.create',
  'inbox_attachment.destroy',
  'inbox_thread.update',
  'inbox_thread.change_due_date',
  'inbox_thread.change_priority',
  'inbox_thread.mark_as_read',
  'inbox_thread.mark_as_unread',
  'inbox_thread.destroy',
  'inbox_thread.restore',
] as const;

export interface ThreadRealtimeHandlers {
  /** Something new in the stream (message, attachment): load what follows the newest. */
  readonly onNewActivities: () => void;
  /** One activity changed (edited, deleted, reactions). */
  readonly onActivityChanged: (activityId: string) => void;
  /** Read receipts changed. */
  readonly onReadReceipts: () => void;
  /** The attachments list changed. */
  readonly onAttachmentsChanged: () => void;
  /** The thread itself changed (status, priority, due date, read state, bin). */
  readonly onThreadChanged: () => void;
  /** The connection came back: anything may have been missed. */
  readonly onReconnected: () => void;
}

/** What an event means for the open thread, or null when it is about another thread. */
export type ThreadEffect =
  | { readonly type: 'new' }
  | { readonly type: 'activity'; readonly activityId: string }
  | { readonly type: 'reads' }
  | { readonly type: 'attachments'; readonly activityId: string | null }
  | { readonly type: 'thread' }
  | { readonly type: 'reconnected' };

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * Maps one realtime event to its effect on the open thread. Message events name the
 * message (data.uuid), so an edit or delete is found through the loaded activities.
 */
export function threadEffectOf(
  event: { key: string; data: Readonly<Record<string, unknown>> },
  taskId: string,
  activities: readonly ThreadActivity[],
): ThreadEffect[] {
  if (event.key === REALTIME_RECONNECTED) return [{ type: 'reconnected' }];
  const [entity] = event.key.split('.');
  const uuid = str(event.data['uuid']);
  const eventTask = entity === 'inbox_thread' || event.key.startsWith('inbox_activity.read') || event.key === 'inbox_activity.full_read'
    ? uuid
    : str(event.data['taskId']);
  if (eventTask !== taskId) return [];
  switch (event.key) {
    case 'inbox_message.create':
      return [{ type: 'new' }];
    case 'inbox_message.update':
    case 'inbox_message.destroy': {
      const activity = activities.find((a) => a.inboxMessage?.uuid === uuid);
      const activityId = activity?.uuid ?? str(event.data['activityId']);
      return activityId ? [{ type: 'activity', activityId }] : [];
    }
    case 'inbox_activity.update':
      return uuid ? [{ type: 'activity', activityId: uuid }] : [];
    case 'inbox_activity.read':
    case 'inbox_activity.full_read':
      return [{ type: 'reads' }];
    case 'inbox_attachment.create':
      return [{ type: 'new' }, { type: 'attachments', activityId: null }];
    case 'inbox_attachment.destroy': {
      const activity = activities.find((a) => a.attachment?.uuid === uuid);
      return [{ type: 'attachments', activityId: activity?.uuid ?? null }];
    }
    default:
      return entity === 'inbox_thread' ? [{ type: 'thread' }] : [];
  }
}

/** Keeps the open thread current from the realtime socket. */
export function useThreadRealtime(taskId: string, activities: readonly ThreadActivity[], handlers: ThreadRealtimeHandlers): void {
  useRealtime(
    (event) => {
      for (const effect of threadEffectOf(event, taskId, activities)) {
        switch (effect.type) {
          case 'new':
            handlers.onNewActivities();
            break;
          case 'activity':
            handlers.onActivityChanged(effect.activityId);
            break;
          case 'reads':
            handlers.onReadReceipts();
            break;
          case 'attachments':
            handlers.onAttachmentsChanged();
            if (effect.activityId) handlers.onActivityChanged(effect.activityId);
            break;
          case 'thread':
            handlers.onThreadChanged();
            break;
          case 'reconnected':
            handlers.onReconnected();
            break;
        }
      }
    },
    [...THREAD_EVENT_KEYS],
  );
}
