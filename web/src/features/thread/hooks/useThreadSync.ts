import { useApolloClient } from '@apollo/client/react';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { THREAD_ATTACHMENTS } from '../graphql/inboxAttachments';
import { THREAD_TASK } from '../graphql/inboxTask';
import type { ThreadActivity } from '../utils/types';
import { SILENT_REFRESH } from './useThreadActivities';
import { useThreadRealtime } from './useThreadRealtime';
import { isThreadGone } from './useThreadTask';

/** A non-admin whose open thread goes to the bin is told so for this long (ms). */
export const HIDDEN_TOAST_MS = 5000;

export interface ThreadSyncInput {
  /** The route's company (null in all-companies mode), as the thread was loaded with. */
  readonly scopeCompanyId: string | null;
  /** The thread's own company. */
  readonly companyId: string;
  readonly taskId: string;
  readonly isAdmin: boolean;
  readonly activities: readonly ThreadActivity[];
  /** Loads what came after the newest loaded message. */
  readonly loadNewer: () => Promise<unknown>;
  readonly refreshActivity: (id: string) => Promise<unknown>;
  /** The thread went away (the bin for a non-admin, or no access): the pane closes. */
  readonly onGone: () => void;
}

export interface ThreadSync {
  /** Loads the newest messages; a failure shows in the stream's next refresh. */
  readonly loadNewer: () => void;
  readonly refreshAttachments: () => void;
}

/**
 * Keeps the open thread current: the realtime events (new and changed messages, read
 * receipts, attachments, the thread itself) refetch what they touch, and a reconnect
 * refetches all of it.
 */
export function useThreadSync({
  scopeCompanyId,
  companyId,
  taskId,
  isAdmin,
  activities,
  loadNewer: loadNewerActivities,
  refreshActivity,
  onGone,
}: ThreadSyncInput): ThreadSync {
  const { t } = useTranslation('thread');
  const { notification } = App.useApp();
  const client = useApolloClient();

  const loadNewer = useCallback(() => void loadNewerActivities().catch(() => undefined), [loadNewerActivities]);

  const refreshAttachments = useCallback(() => {
    void client
      .query({
        query: THREAD_ATTACHMENTS,
        variables: { companyId, taskId, limit: 10 },
        fetchPolicy: 'network-only',
        context: SILENT_REFRESH,
      })
      .catch(() => undefined);
  }, [client, companyId, taskId]);

  const refreshThread = useCallback(async () => {
    try {
      // The answer updates the normalised thread: the pane and its card in the list.
      const { data } = await client.query({
        query: THREAD_TASK,
        variables: { companyId: scopeCompanyId, id: taskId },
        fetchPolicy: 'network-only',
        context: SILENT_REFRESH,
      });
      const fresh = data?.inboxTask;
      if (fresh?.hidden && !isAdmin) throw new Error('hidden');
    } catch (error) {
      if (error instanceof Error && (error.message === 'hidden' || isThreadGone(error))) {
        notification.info({ title: t('state.deleted_toast'), duration: HIDDEN_TOAST_MS / 1000 });
        onGone();
      }
    }
  }, [isAdmin, client, notification, onGone, scopeCompanyId, t, taskId]);

  useThreadRealtime(taskId, activities, {
    onNewActivities: loadNewer,
    onActivityChanged: (id) => void refreshActivity(id).catch(() => undefined),
    onReadReceipts: loadNewer,
    onAttachmentsChanged: refreshAttachments,
    // Status changes, copies, deletes and restores also add a line to the stream.
    onThreadChanged: () => {
      void refreshThread();
      loadNewer();
    },
    onReconnected: () => {
      void refreshThread();
      loadNewer();
      refreshAttachments();
    },
  });

  return { loadNewer, refreshAttachments };
}
