// What the open thread pane shows besides the server's data: where the stream is anchored,
// the reply, edit and highlight in progress, the attachments column and the task tab.

import { useEffect, useReducer, type Dispatch } from 'react';
import { HIGHLIGHT_MS } from '../components/MessageList';
import { useThreadActivities, type ThreadActivitiesValue } from './useThreadActivities';
import { replyStillValid, type ReplyTarget } from '../utils/reply';
import type { TaskTab } from '../utils/taskTabs';
import type { ThreadActivity, ThreadTask } from '../utils/types';

export interface ThreadViewState {
  /** The message the stream is loaded around (the route's activity_id, or a jump); null: the newest. */
  readonly anchorId: string | null;
  /** The first unread message when the thread was opened; it stays put while the user reads (until a jump to the newest). */
  readonly unreadMarker: string | null;
  readonly replyTo: ReplyTarget | null;
  readonly highlightedId: string | null;
  readonly editingId: string | null;
  /** The message whose readers are shown. */
  readonly viewersOf: string | null;
  /** The attachments column (or, on a phone, screen) of an inbox thread. */
  readonly attachmentsOpen: boolean;
  /** The task header's tab. */
  readonly tab: TaskTab;
}

export type ThreadViewAction =
  /** A quoted message was clicked: highlight it, loading the stream around it when it is not on screen. */
  | { readonly type: 'jumpTo'; readonly id: string; readonly onScreen: boolean }
  | { readonly type: 'jumpToLatest' }
  | { readonly type: 'highlightEnded' }
  | { readonly type: 'reply'; readonly target: ReplyTarget | null }
  /** The stream changed: a reply whose message was deleted is dropped. */
  | { readonly type: 'activitiesChanged'; readonly activities: readonly ThreadActivity[] }
  | { readonly type: 'edit'; readonly id: string | null }
  | { readonly type: 'showViewers'; readonly id: string | null }
  | { readonly type: 'attachmentsOpen'; readonly open: boolean }
  | { readonly type: 'attachmentsToggled' }
  /** Files were added or the attachments asked for: the task header's tab, or the column. */
  | { readonly type: 'openAttachments'; readonly taskHeader: boolean }
  | { readonly type: 'tab'; readonly tab: TaskTab };

/**
 * The pane as it opens: at the route's activity, else at the first unread message (the
 * stream is loaded around it, so a long run of unread messages opens at its start, not
 * at the newest page), else at the newest.
 */
export function initialThreadView(task: Pick<ThreadTask, 'unreadCount' | 'unreadActivityId'>, activityId: string | null): ThreadViewState {
  const unreadMarker = task.unreadCount > 0 ? task.unreadActivityId : null;
  return {
    anchorId: activityId ?? unreadMarker,
    unreadMarker,
    replyTo: null,
    highlightedId: null,
    editingId: null,
    viewersOf: null,
    attachmentsOpen: false,
    tab: 'messages',
  };
}

export function threadViewReducer(state: ThreadViewState, action: ThreadViewAction): ThreadViewState {
  switch (action.type) {
    case 'jumpTo':
      return { ...state, highlightedId: action.id, anchorId: action.onScreen ? state.anchorId : action.id };
    case 'jumpToLatest':
      // the newest page opens at its bottom, not back at the marker
      return { ...state, anchorId: null, unreadMarker: null };
    case 'highlightEnded':
      return { ...state, highlightedId: null };
    case 'reply':
      return { ...state, replyTo: action.target };
    case 'activitiesChanged':
      return state.replyTo && !replyStillValid(state.replyTo, action.activities) ? { ...state, replyTo: null } : state;
    case 'edit':
      return { ...state, editingId: action.id };
    case 'showViewers':
      return { ...state, viewersOf: action.id };
    case 'attachmentsOpen':
      return { ...state, attachmentsOpen: action.open };
    case 'attachmentsToggled':
      return { ...state, attachmentsOpen: !state.attachmentsOpen };
    case 'openAttachments':
      return action.taskHeader ? { ...state, tab: 'attachments' } : { ...state, attachmentsOpen: true };
    case 'tab':
      return { ...state, tab: action.tab };
  }
}

/**
 * The pane's view state for one thread (the pane is keyed by the thread) with the message
 * stream loaded around its anchor: a highlight fades after HIGHLIGHT_MS, and a reply goes
 * away when the message it quotes is deleted.
 */
export function useThreadView(
  scopeCompanyId: string | null,
  task: Pick<ThreadTask, 'uuid' | 'unreadCount' | 'unreadActivityId'>,
  activityId: string | null,
): { readonly view: ThreadViewState; readonly dispatch: Dispatch<ThreadViewAction>; readonly stream: ThreadActivitiesValue } {
  const [view, dispatch] = useReducer(threadViewReducer, null, () => initialThreadView(task, activityId));
  const stream = useThreadActivities(scopeCompanyId, task.uuid, view.anchorId);
  const { activities } = stream;

  useEffect(() => dispatch({ type: 'activitiesChanged', activities }), [activities]);

  useEffect(() => {
    if (!view.highlightedId) return undefined;
    const timer = window.setTimeout(() => dispatch({ type: 'highlightEnded' }), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [view.highlightedId]);

  return { view, dispatch, stream };
}
