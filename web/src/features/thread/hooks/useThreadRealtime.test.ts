import { describe, expect, it } from 'vitest';
import { activityOf, attachmentOf } from '../utils/testActivities';
import { threadEffectOf } from './useThreadRealtime';

const message = activityOf({ uuid: 'a1' });
const file = activityOf({ uuid: 'a2', key: 'inbox_attachment.create', inboxMessage: null, attachment: attachmentOf({ uuid: 'f1' }) });
const loaded = [message, file];

describe('threadEffectOf', () => {
  it('ignores events about other threads', () => {
    expect(threadEffectOf({ key: 'inbox_message.create', data: { uuid: 'm9', taskId: 'other' } }, 't1', loaded)).toEqual([]);
    expect(threadEffectOf({ key: 'inbox_thread.update', data: { uuid: 'other' } }, 't1', loaded)).toEqual([]);
  });

  it('loads new messages and attachments, and refreshes the attachments list', () => {
    expect(threadEffectOf({ key: 'inbox_message.create', data: { uuid: 'm9', taskId: 't1' } }, 't1', loaded)).toEqual([{ type: 'new' }]);
    expect(threadEffectOf({ key: 'inbox_attachment.create', data: { uuid: 'f9', taskId: 't1' } }, 't1', loaded)).toEqual([
      { type: 'new' },
      { type: 'attachments', activityId: null },
    ]);
  });

  it('finds the activity of an edited or deleted message and of a deleted attachment', () => {
    const messageId = message.inboxMessage?.uuid;
    expect(threadEffectOf({ key: 'inbox_message.update', data: { uuid: messageId, taskId: 't1' } }, 't1', loaded)).toEqual([
      { type: 'activity', activityId: 'a1' },
    ]);
    expect(threadEffectOf({ key: 'inbox_message.destroy', data: { uuid: 'unknown', taskId: 't1' } }, 't1', loaded)).toEqual([]);
    expect(threadEffectOf({ key: 'inbox_attachment.destroy', data: { uuid: 'f1', taskId: 't1' } }, 't1', loaded)).toEqual([
      { type: 'attachments', activityId: 'a2' },
    ]);
    expect(threadEffectOf({ key: 'inbox_activity.update', data: { uuid: 'a1', taskId: 't1' } }, 't1', loaded)).toEqual([
      { type: 'activity', activityId: 'a1' },
    ]);
  });

  it('refreshes the thread on its own events, read receipts on reads, everything after a reconnect', () => {
    expect(threadEffectOf({ key: 'inbox_thread.change_priority', data: { uuid: 't1', companyId: 'c' } }, 't1', loaded)).toEqual([
      { type: 'thread' },
    ]);
    expect(threadEffectOf({ key: 'inbox_activity.read', data: { uuid: 't1', userId: 'u2' } }, 't1', loaded)).toEqual([{ type: 'reads' }]);
    expect(threadEffectOf({ key: 'reconnected', data: {} }, 't1', loaded)).toEqual([{ type: 'reconnected' }]);
  });
});
