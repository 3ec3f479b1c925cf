// Builders of thread activities for the unit tests.
import type { ThreadActivity, ThreadAttachment } from './types';

let seq = 0;

export function attachmentOf(extra: Partial<ThreadAttachment> = {}): ThreadAttachment {
  seq += 1;
  return {
    uuid: `att-${seq}`,
    filename: 'invoice.pdf',
    extension: 'pdf',
    contentType: 'application/pdf',
    fileSize: 1234,
    uploadedAt: '2026-11-20T10:00:00Z',
    uploader: { uuid: 'u-anna', name: 'Anna Acme', masked: false },
    activityId: null,
    companyId: 'acme',
    taskId: 't1',
    url: '/api/download/att',
    canDestroy: true,
    ...extra,
  };
}

export function activityOf(extra: Partial<ThreadActivity> & { by?: string; body?: string } = {}): ThreadActivity {
  seq += 1;
  const { by = 'u-anna', body, ...rest } = extra;
  const uuid = rest.uuid ?? `act-${seq}`;
  return {
    uuid,
    key: 'inbox_message.create',
    message: body ?? '<p>Hello</p>',
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    actionAt: '2026-11-20T10:00:00Z',
    read: true,
    readByMe: true,
    readStatus: 'full',
    own: false,
    imageUrl: null,
    creator: { name: by, active: true, userRole: 'user', userType: 'customer' },
    trackableUser: { uuid: by, name: by, active: true, masked: false },
    trackableMy: false,
    additionArgs: {},
    inboxMessage: {
      uuid: `msg-${uuid}`,
      body: body ?? '<p>Hello</p>',
      imageUrl: null,
      edited: false,
      deleted: false,
      deletedBy: null,
      replyable: null,
      activityId: uuid,
    },
    attachment: null,
    emojiReactions: [],
    internal: false,
    taskId: 't1',
    ...rest,
  };
}
