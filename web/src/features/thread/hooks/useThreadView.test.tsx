import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../../app/apollo/client';
import { THREAD_ACTIVITIES } from '../graphql/inboxActivities';
import { activityOf } from '../utils/testActivities';
import { replyTargetOf } from '../utils/reply';
import { initialThreadView, threadViewReducer, useThreadView, type ThreadViewState } from './useThreadView';

afterEach(cleanup);

const a1 = activityOf({ uuid: 'a1' });
const a2 = activityOf({ uuid: 'a2' });
const opened = initialThreadView({ unreadCount: 0, unreadActivityId: null }, null);

describe('threadViewReducer', () => {
  it('starts at the route activity, else at the first unread message, marking it only when there is one', () => {
    expect(initialThreadView({ unreadCount: 2, unreadActivityId: 'a2' }, 'a1')).toMatchObject({ anchorId: 'a1', unreadMarker: 'a2' });
    // the stream is loaded around the first unread message, however far back it is
    expect(initialThreadView({ unreadCount: 40, unreadActivityId: 'a2' }, null)).toMatchObject({ anchorId: 'a2', unreadMarker: 'a2' });
    expect(initialThreadView({ unreadCount: 0, unreadActivityId: 'a2' }, null)).toMatchObject({ anchorId: null, unreadMarker: null });
    expect(initialThreadView({ unreadCount: 0, unreadActivityId: null }, null)).toMatchObject({ anchorId: null, unreadMarker: null });
    expect(opened).toMatchObject({ replyTo: null, highlightedId: null, editingId: null, attachmentsOpen: false, tab: 'messages' });
  });

  it('highlights a message on screen in place, and loads the stream around one that is not', () => {
    const onScreen = threadViewReducer(opened, { type: 'jumpTo', id: 'a1', onScreen: true });
    expect(onScreen).toMatchObject({ anchorId: null, highlightedId: 'a1' });
    const away = threadViewReducer(onScreen, { type: 'jumpTo', id: 'a9', onScreen: false });
    expect(away).toMatchObject({ anchorId: 'a9', highlightedId: 'a9' });
    expect(threadViewReducer(away, { type: 'highlightEnded' }).highlightedId).toBeNull();
    expect(threadViewReducer(away, { type: 'jumpToLatest' }).anchorId).toBeNull();
    // the newest page opens at its bottom, not back at the unread marker
    const unread = initialThreadView({ unreadCount: 3, unreadActivityId: 'a2' }, null);
    expect(threadViewReducer(unread, { type: 'jumpToLatest' })).toMatchObject({ anchorId: null, unreadMarker: null });
  });

  it('drops a reply when the message it quotes is deleted, and keeps it otherwise', () => {
    const replying = threadViewReducer(opened, { type: 'reply', target: replyTargetOf(a1) });
    expect(replying.replyTo).not.toBeNull();
    // Nothing changed: the same state, so the pane does not render again.
    expect(threadViewReducer(replying, { type: 'activitiesChanged', activities: [a1, a2] })).toBe(replying);
    const deleted = { ...a1, inboxMessage: null, key: 'inbox_message.destroy' };
    expect(threadViewReducer(replying, { type: 'activitiesChanged', activities: [deleted, a2] }).replyTo).toBeNull();
    expect(threadViewReducer(replying, { type: 'reply', target: null }).replyTo).toBeNull();
  });

  it('opens the attachments as the task tab under the task header, as the column otherwise', () => {
    expect(threadViewReducer(opened, { type: 'openAttachments', taskHeader: true })).toMatchObject({
      tab: 'attachments',
      attachmentsOpen: false,
    });
    const column = threadViewReducer(opened, { type: 'openAttachments', taskHeader: false });
    expect(column).toMatchObject({ tab: 'messages', attachmentsOpen: true });
    expect(threadViewReducer(column, { type: 'attachmentsToggled' }).attachmentsOpen).toBe(false);
    expect(threadViewReducer(column, { type: 'attachmentsOpen', open: false }).attachmentsOpen).toBe(false);
    expect(threadViewReducer(opened, { type: 'tab', tab: 'description' }).tab).toBe('description');
  });

  it('keeps the message being edited and the one whose readers are shown', () => {
    const editing: ThreadViewState = threadViewReducer(opened, { type: 'edit', id: 'a1' });
    expect(editing.editingId).toBe('a1');
    expect(threadViewReducer(editing, { type: 'edit', id: null }).editingId).toBeNull();
    expect(threadViewReducer(opened, { type: 'showViewers', id: 'a2' }).viewersOf).toBe('a2');
  });
});

// As the server answers them: the cache matches the stream's fragments by type.
const typed = (activities: readonly object[]) => activities.map((a) => ({ ...a, __typename: 'InboxActivity' }));

const page = (variables: Record<string, unknown>, collection: readonly object[]): MockedResponse => ({
  request: { query: THREAD_ACTIVITIES, variables: { companyId: 'acme', taskId: 't1', limit: 30, ...variables } },
  result: {
    data: { inboxActivities: { __typename: 'InboxActivityCollection', hasMoreBefore: true, hasMoreAfter: false, collection: typed(collection) } },
  },
});

describe('useThreadView', { timeout: 30_000 }, () => {
  it('loads the newest page, then the page around a message jumped to that is not loaded', async () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MockedProvider mocks={[page({ fresh: true }, [a2]), page({ currentId: 'a1' }, [a1])]} cache={createCache()}>
        {children}
      </MockedProvider>
    );
    const { result } = renderHook(() => useThreadView('acme', { uuid: 't1', unreadCount: 0, unreadActivityId: null }, null), {
      wrapper,
    });
    await waitFor(() => expect(result.current.stream.activities.map((a) => a.uuid)).toEqual(['a2']), { timeout: 10_000 });

    act(() => result.current.dispatch({ type: 'jumpTo', id: 'a1', onScreen: false }));
    expect(result.current.view.highlightedId).toBe('a1');
    await waitFor(() => expect(result.current.stream.activities.map((a) => a.uuid)).toEqual(['a1']), { timeout: 10_000 });
  });

  it('drops the reply once the quoted message is gone from the stream', async () => {
    const deleted = { ...a1, inboxMessage: null, key: 'inbox_message.destroy' };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MockedProvider mocks={[page({ fresh: true }, [a1]), page({ currentId: 'a2' }, [deleted, a2])]} cache={createCache()}>
        {children}
      </MockedProvider>
    );
    const { result } = renderHook(() => useThreadView('acme', { uuid: 't1', unreadCount: 0, unreadActivityId: null }, null), {
      wrapper,
    });
    await waitFor(() => expect(result.current.stream.activities).toHaveLength(1), { timeout: 10_000 });
    act(() => result.current.dispatch({ type: 'reply', target: replyTargetOf(a1) }));
    expect(result.current.view.replyTo).not.toBeNull();

    act(() => result.current.dispatch({ type: 'jumpTo', id: 'a2', onScreen: false }));
    await waitFor(() => expect(result.current.view.replyTo).toBeNull(), { timeout: 10_000 });
  });
});
