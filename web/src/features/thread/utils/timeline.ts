import dayjs from 'dayjs';
import type { ThreadActivity } from './types';

/** How an activity is drawn: a bubble (message or attachment) or a system line. */
export type ActivityKind = 'message' | 'attachment' | 'system';

export function activityKind(activity: Pick<ThreadActivity, 'key' | 'inboxMessage' | 'attachment'>): ActivityKind {
  if (activity.key.startsWith('inbox_message.') && activity.inboxMessage) return 'message';
  if (activity.key.startsWith('inbox_attachment.') && activity.attachment) return 'attachment';
  return 'system';
}

/**
 * Who an activity is by, for grouping. Customers see provider staff masked as one
 * provider (no uuid), so all of them form one author, as they are shown.
 */
export function authorKey(activity: Pick<ThreadActivity, 'trackableUser' | 'creator'>): string {
  if (activity.trackableUser?.uuid) return `user:${activity.trackableUser.uuid}`;
  const name = activity.trackableUser?.name ?? activity.creator?.name ?? '';
  return `name:${activity.creator?.userType ?? ''}:${name}`;
}

export type TimelineItem =
  | { readonly type: 'date'; readonly key: string; readonly date: string }
  | { readonly type: 'unread'; readonly key: string }
  | {
      readonly type: 'group';
      readonly key: string;
      readonly author: string;
      readonly own: boolean;
      readonly activities: readonly ThreadActivity[];
    }
  | { readonly type: 'system'; readonly key: string; readonly activity: ThreadActivity };

const dayOf = (iso: string): string => dayjs(iso).format('YYYY-MM-DD');
const minuteOf = (iso: string): string => dayjs(iso).format('YYYY-MM-DD HH:mm');

export interface TimelineOptions {
  /** The first unread activity: the unread marker goes right before it. */
  readonly unreadActivityId?: string | null;
}

/**
 * The stream as drawn: a date separator when the day changes, the unread marker before
 * the first unread activity, and consecutive messages and attachments by the same
 * author in the same minute of the same day grouped under one header.
 */
export function buildTimeline(activities: readonly ThreadActivity[], options: TimelineOptions = {}): TimelineItem[] {
  const items: TimelineItem[] = [];
  let day: string | null = null;
  let open: { author: string; minute: string; activities: ThreadActivity[]; own: boolean; key: string } | null = null;
  const close = () => {
    if (open) items.push({ type: 'group', key: open.key, author: open.author, own: open.own, activities: open.activities });
    open = null;
  };
  for (const activity of activities) {
    const at = activity.createdAt;
    const thisDay = dayOf(at);
    if (thisDay !== day) {
      close();
      day = thisDay;
      items.push({ type: 'date', key: `date:${thisDay}`, date: at });
    }
    if (options.unreadActivityId && activity.uuid === options.unreadActivityId) {
      close();
      items.push({ type: 'unread', key: 'unread' });
    }
    const kind = activityKind(activity);
    if (kind === 'system') {
      close();
      items.push({ type: 'system', key: activity.uuid, activity });
      continue;
    }
    const author = authorKey(activity);
    const minute = minuteOf(at);
    if (open && open.author === author && open.minute === minute) {
      open.activities.push(activity);
      continue;
    }
    close();
    open = { author, minute, activities: [activity], own: activity.own, key: `group:${activity.uuid}` };
  }
  close();
  return items;
}

/** Appends activities not yet present (by uuid) and keeps stream order by creation time. */
export function mergeActivities(current: readonly ThreadActivity[], incoming: readonly ThreadActivity[]): ThreadActivity[] {
  const byId = new Map(current.map((a) => [a.uuid, a]));
  for (const activity of incoming) byId.set(activity.uuid, activity);
  return [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}
