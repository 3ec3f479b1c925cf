import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { activityOf, attachmentOf } from './testActivities';
import { activityKind, authorKey, buildTimeline, mergeActivities } from './timeline';

// Local times, so that day and minute boundaries do not depend on the machine's zone.
const at = (local: string) => dayjs(local).toISOString();

describe('buildTimeline', () => {
  it('groups consecutive messages of one author in the same minute', () => {
    const a1 = activityOf({ by: 'anna', createdAt: at('2026-11-20T10:00:05') });
    const a2 = activityOf({ by: 'anna', createdAt: at('2026-11-20T10:00:55') });
    const b1 = activityOf({ by: 'alex', createdAt: at('2026-11-20T10:00:58') });
    const a3 = activityOf({ by: 'anna', createdAt: at('2026-11-20T10:01:00') });
    const items = buildTimeline([a1, a2, b1, a3]);
    expect(items.map((i) => i.type)).toEqual(['date', 'group', 'group', 'group']);
    const groups = items.filter((i) => i.type === 'group');
    expect(groups.map((g) => g.activities.map((a) => a.uuid))).toEqual([[a1.uuid, a2.uuid], [b1.uuid], [a3.uuid]]);
  });

  it('starts a new group and a date separator on a new day, and breaks groups at system lines', () => {
    const a1 = activityOf({ by: 'anna', createdAt: at('2026-11-20T23:59:10') });
    const status = activityOf({
      by: 'anna',
      key: 'status_change_from_created_to_in_progress',
      inboxMessage: null,
      createdAt: at('2026-11-20T23:59:20'),
    });
    const a2 = activityOf({ by: 'anna', createdAt: at('2026-11-20T23:59:30') });
    const a3 = activityOf({ by: 'anna', createdAt: at('2026-11-21T00:00:00') });
    const items = buildTimeline([a1, status, a2, a3]);
    expect(items.map((i) => i.type)).toEqual(['date', 'group', 'system', 'group', 'date', 'group']);
  });

  it('puts the unread marker before the first unread activity and splits the group there', () => {
    const a1 = activityOf({ by: 'anna', createdAt: at('2026-11-20T10:00:05') });
    const a2 = activityOf({ by: 'anna', createdAt: at('2026-11-20T10:00:06') });
    const items = buildTimeline([a1, a2], { unreadActivityId: a2.uuid });
    expect(items.map((i) => i.type)).toEqual(['date', 'group', 'unread', 'group']);
  });

  it('groups attachments with messages of the same author', () => {
    const m = activityOf({ by: 'anna', createdAt: at('2026-11-20T10:00:05') });
    const f = activityOf({
      by: 'anna',
      key: 'inbox_attachment.create',
      inboxMessage: null,
      attachment: attachmentOf(),
      createdAt: at('2026-11-20T10:00:09'),
    });
    expect(activityKind(f)).toBe('attachment');
    const items = buildTimeline([m, f]);
    expect(items.filter((i) => i.type === 'group')).toHaveLength(1);
  });
});

describe('authorKey', () => {
  it('uses the user id, and the shown name for masked staff', () => {
    expect(authorKey(activityOf({ by: 'anna' }))).toBe('user:anna');
    const masked = activityOf({
      trackableUser: { uuid: null, name: 'Portico', active: true, masked: true },
      creator: { name: 'Portico', active: true, userRole: 'user', userType: 'portico_user' },
    });
    expect(authorKey(masked)).toBe('name:portico_user:Portico');
  });
});

describe('mergeActivities', () => {
  it('adds new activities in time order and replaces known ones', () => {
    const a = activityOf({ uuid: 'a', createdAt: '2026-11-20T10:00:00Z' });
    const b = activityOf({ uuid: 'b', createdAt: '2026-11-20T10:05:00Z' });
    const older = activityOf({ uuid: 'o', createdAt: '2026-11-20T09:00:00Z' });
    const edited = { ...a, message: '<p>edited</p>' };
    const merged = mergeActivities([a, b], [edited, older]);
    expect(merged.map((x) => x.uuid)).toEqual(['o', 'a', 'b']);
    expect(merged[1]?.message).toBe('<p>edited</p>');
  });
});
