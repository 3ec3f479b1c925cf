import { describe, expect, it } from 'vitest';
import { quotedPreview, replyStillValid, replyTargetOf, replyableData } from './reply';
import { activityOf, attachmentOf } from './testActivities';

describe('reply targets', () => {
  it('quotes a message by its text and an attachment by its name', () => {
    const message = activityOf({ by: 'anna', body: '<p>Please <strong>check</strong></p>' });
    const target = replyTargetOf(message);
    expect(target).toMatchObject({ replyableType: 'Inbox_Message', preview: 'Please check', author: 'anna' });
    expect(replyableData(target)).toEqual({ replyableId: message.inboxMessage?.uuid, replyableType: 'Inbox_Message' });

    const file = activityOf({ key: 'inbox_attachment.create', inboxMessage: null, attachment: attachmentOf({ filename: 'a.pdf' }) });
    expect(replyTargetOf(file)).toMatchObject({ replyableType: 'Inbox_Attachment', preview: 'a.pdf' });
  });

  it('cannot answer system lines or deleted items, and drops a target whose item was deleted', () => {
    expect(replyTargetOf(activityOf({ key: 'status_change_from_created_to_closed', inboxMessage: null }))).toBeNull();
    const message = activityOf({});
    const target = replyTargetOf(message);
    expect(replyStillValid(target, [message])).toBe(true);
    const deleted = { ...message, key: 'inbox_message.destroy' };
    expect(replyStillValid(target, [deleted])).toBe(false);
    expect(replyStillValid(null, [message])).toBe(false);
  });

  it('previews a quoted replyable', () => {
    expect(quotedPreview({ body: '<p>x</p>' })).toBe('x');
    expect(quotedPreview({ filename: 'f.csv' })).toBe('f.csv');
  });
});
