import { messageText } from './messageHtml';
import type { ThreadActivity } from './types';

export type ReplyableType = 'Inbox_Message' | 'Inbox_Attachment';

/** What a new message answers: a message or an attachment of the thread. */
export interface ReplyTarget {
  readonly activityId: string;
  readonly replyableId: string;
  readonly replyableType: ReplyableType;
  readonly author: string;
  /** The quoted text: the message's text or the attachment's file name. */
  readonly preview: string;
  readonly imageUrl?: string | null;
}

const PREVIEW_MAX = 140;

const shorten = (text: string): string => (text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX).trimEnd()}…` : text);

/** The reply target for an activity, or null for one that cannot be answered. */
export function replyTargetOf(activity: ThreadActivity): ReplyTarget | null {
  const author = activity.trackableUser?.name ?? activity.creator?.name ?? '';
  const message = activity.inboxMessage;
  if (message && !message.deleted && activity.key !== 'inbox_message.destroy') {
    return {
      activityId: activity.uuid,
      replyableId: message.uuid,
      replyableType: 'Inbox_Message',
      author,
      preview: shorten(messageText(message.body)),
      imageUrl: message.imageUrl,
    };
  }
  const attachment = activity.attachment;
  if (attachment && activity.key === 'inbox_attachment.create') {
    return {
      activityId: activity.uuid,
      replyableId: attachment.uuid,
      replyableType: 'Inbox_Attachment',
      author,
      preview: attachment.filename,
    };
  }
  return null;
}

/** The replyableData argument of createMessage. */
export const replyableData = (target: ReplyTarget | null) =>
  target ? { replyableId: target.replyableId, replyableType: target.replyableType } : null;

/** A reply target goes away when the item it quotes is deleted. */
export function replyStillValid(target: ReplyTarget | null, activities: readonly ThreadActivity[]): boolean {
  if (!target) return false;
  const activity = activities.find((a) => a.uuid === target.activityId);
  if (!activity) return true; // not loaded: keep it
  return replyTargetOf(activity) !== null;
}

/** A quoted preview of a replyable as the server returns it inside a message. */
export function quotedPreview(replyable: { body?: string | null; filename?: string | null }): string {
  if (replyable.filename) return replyable.filename;
  return shorten(messageText(replyable.body));
}
