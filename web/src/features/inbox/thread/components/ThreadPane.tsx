import { useApolloClient } from '@apollo/client/react';
import { App, Button, Drawer, Flex, Grid, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PorticoOperationContext } from '../../../../app/apollo/client';
import { useInit } from '../../../../app/session/SessionProvider';
import { THREAD_TASK } from '../graphql/inboxTask';
import { useDeleteMessage, useEditMessage, useSendMessage, useToggleReaction } from '../hooks/useMessageMutations';
import { useMarkRead } from '../hooks/useMarkRead';
import {
  useAssignTask,
  useChangeTaskDueDate,
  useChangeTaskPriority,
  useChangeTaskStatus,
  useChangeTaskUnread,
  useChangeTaskUrgent,
  useCopyTask,
  useDeleteTask,
  useRestoreTask,
} from '../hooks/useTaskMutations';
import { useThreadActivities } from '../hooks/useThreadActivities';
import { useThreadExports } from '../hooks/useThreadExports';
import { useThreadRealtime } from '../hooks/useThreadRealtime';
import { isThreadGone, useThreadTask } from '../hooks/useThreadTask';
import { useUploadQueue } from '../hooks/useUploadQueue';
import { THREAD_ATTACHMENTS } from '../graphql/inboxAttachments';
import { replyStillValid, replyTargetOf, type ReplyTarget } from '../utils/reply';
import { footerStateOf, threadAbilities } from '../utils/threadState';
import { threadPath } from '../utils/threadPath';
import type { ThreadActivity, ThreadTask } from '../utils/types';
import { ActivityItem } from './ActivityItem';
import { AttachmentsPanel } from './AttachmentsPanel';
import { Composer } from './Composer';
import { MessageList, HIGHLIGHT_MS } from './MessageList';
import { ThreadFooterNotice } from './ThreadFooter';
import { ThreadHeader } from './ThreadHeader';
import { ThreadFailed, ThreadLoading, ThreadNotFound } from './ThreadStates';

const ViewersModal = lazy(async () => ({ default: (await import('./ViewersModal')).ViewersModal }));

/** A non-admin whose open thread goes to the bin is told so for this long (ms). */
export const HIDDEN_TOAST_MS = 5000;
/** Upload success toasts stay this long (s). */
const UPLOAD_SUCCESS_S = 10;

// Refreshes must reach the server even when an identical one is on its way: that one
// may have left before the change it is meant to show.
const silent: PorticoOperationContext & { queryDeduplication: boolean } = { silentErrors: true, queryDeduplication: false };

/**
 * The thread pane. Props, kept stable for the inbox and tasks pages:
 * - companyId: the route's selected company (null/undefined in all-companies mode);
 * - taskId: the thread to show; a new id shows another thread;
 * - onClose(): the user closed the pane, or the thread went away (bin, access);
 * - activityId: the route's activity_id, the message to scroll to first;
 * - onActivityConsumed(): the user jumped to the newest messages, so activity_id may be cleared.
 */
export interface ThreadPaneProps {
  readonly companyId?: string | null;
  readonly taskId: string;
  readonly onClose: () => void;
  readonly activityId?: string | null;
  readonly onActivityConsumed?: () => void;
}

export function ThreadPane({ companyId = null, taskId, onClose, activityId = null, onActivityConsumed }: ThreadPaneProps) {
  const state = useThreadTask(companyId, taskId);
  switch (state.status) {
    case 'loading':
      return <ThreadLoading />;
    case 'notFound':
      return <ThreadNotFound onClose={onClose} />;
    case 'failed':
      return <ThreadFailed onRetry={state.retry} />;
    case 'ready':
      return (
        <ThreadView
          key={taskId}
          scopeCompanyId={companyId}
          task={state.task}
          onClose={onClose}
          activityId={activityId}
          onActivityConsumed={onActivityConsumed}
        />
      );
  }
}

interface ThreadViewProps {
  readonly scopeCompanyId: string | null;
  readonly task: ThreadTask;
  readonly onClose: () => void;
  readonly activityId: string | null;
  readonly onActivityConsumed?: () => void;
}

function ThreadView({ scopeCompanyId, task, onClose, activityId, onActivityConsumed }: ThreadViewProps) {
  const { t } = useTranslation('thread');
  const { token } = theme.useToken();
  const { notification, modal, message } = App.useApp();
  const client = useApolloClient();
  const init = useInit();
  const abilities = threadAbilities(init.user, task);
  const companyId = task.companyId;
  const taskId = task.uuid;
  const scope = { companyId: scopeCompanyId, taskId };
  const footer = footerStateOf(task);

  const [anchorId, setAnchorId] = useState<string | null>(activityId);
  const [unreadMarker] = useState<string | null>(() => (task.unreadCount > 0 ? task.unreadActivityId : null));
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [viewersOf, setViewersOf] = useState<string | null>(null);
  const [attachmentsOpen, setAttachmentsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // On a phone the attachments open as a screen of their own instead of a side column.
  const phone = Grid.useBreakpoint().md === false;

  const stream = useThreadActivities(scopeCompanyId, taskId, anchorId);
  const { activities, upsert, refreshActivity, loadNewer } = stream;

  const markRead = useMarkRead({
    taskId,
    enabled: abilities.markAsRead,
    unread: task.unreadCount > 0 || !task.read,
  });

  // Messages are read when the newest message from someone else has been seen.
  const lastSeenForeign = useRef<string | null>(null);
  const onSeeBottom = useCallback(() => {
    const foreign = [...activities].reverse().find((a) => !a.own && !a.readByMe);
    if (!foreign || lastSeenForeign.current === foreign.uuid) return;
    lastSeenForeign.current = foreign.uuid;
    markRead(foreign.uuid);
  }, [activities, markRead]);

  // A reply target goes away when what it quotes is deleted.
  useEffect(() => {
    if (replyTo && !replyStillValid(replyTo, activities)) setReplyTo(null);
  }, [activities, replyTo]);

  useEffect(() => {
    if (!highlightedId) return undefined;
    const timer = window.setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightedId]);

  const refreshAttachments = useCallback(() => {
    void client
      .query({
        query: THREAD_ATTACHMENTS,
        variables: { companyId, taskId, limit: 10 },
        fetchPolicy: 'network-only',
        context: silent,
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
        context: silent,
      });
      const fresh = data?.inboxTask;
      if (fresh?.hidden && !abilities.isAdmin) throw new Error('hidden');
    } catch (error) {
      if (error instanceof Error && (error.message === 'hidden' || isThreadGone(error))) {
        notification.info({ title: t('state.deleted_toast'), duration: HIDDEN_TOAST_MS / 1000 });
        onClose();
      }
    }
  }, [abilities.isAdmin, client, notification, onClose, scopeCompanyId, t, taskId]);

  useThreadRealtime(taskId, activities, {
    onNewActivities: () => void loadNewer().catch(() => undefined),
    onActivityChanged: (id) => void refreshActivity(id).catch(() => undefined),
    onReadReceipts: () => void loadNewer().catch(() => undefined),
    onAttachmentsChanged: refreshAttachments,
    // Status changes, copies, deletes and restores also add a line to the stream.
    onThreadChanged: () => {
      void refreshThread();
      void loadNewer().catch(() => undefined);
    },
    onReconnected: () => {
      void refreshThread();
      void loadNewer().catch(() => undefined);
      refreshAttachments();
    },
  });

  // Header actions.
  const { changeStatus } = useChangeTaskStatus(scope);
  const { changePriority } = useChangeTaskPriority(scope);
  const { changeDueDate } = useChangeTaskDueDate(scope);
  const { changeUrgent } = useChangeTaskUrgent(scope);
  const { assign } = useAssignTask(scope);
  const { changeUnread } = useChangeTaskUnread(scope);
  const { deleteTask } = useDeleteTask(scope);
  const { restoreTask } = useRestoreTask(scope);
  const { copyTask } = useCopyTask(scope);
  const exports = useThreadExports({ companyId, taskId, title: task.title });

  const withBusy = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const afterTaskChange = () => void loadNewer().catch(() => undefined);

  // Messages.
  const onSent = useCallback((activity: ThreadActivity) => upsert([activity]), [upsert]);
  const { send, sending } = useSendMessage(taskId, onSent);
  const { edit, saving } = useEditMessage(taskId, onSent);
  const { deleteMessage } = useDeleteMessage(taskId, (id) => void refreshActivity(id));
  const toggleReaction = useToggleReaction(onSent);

  const uploads = useUploadQueue(taskId, {
    onUploaded: (item) => {
      notification.success({
        key: `upload:${item.id}`,
        title: t('upload.done', { name: item.file.name }),
        duration: UPLOAD_SUCCESS_S,
      });
      void loadNewer().catch(() => undefined);
      refreshAttachments();
    },
    onFailed: (item) => {
      const key = `upload:${item.id}`;
      notification.error({
        key,
        title: t('upload.failed_toast', { name: item.file.name }),
        duration: 0,
        actions: (
          <Flex gap={8}>
            <Button
              size="small"
              onClick={() => {
                notification.destroy(key);
                uploads.retry(item.id);
              }}
            >
              {t('upload.retry')}
            </Button>
            <Button size="small" type="primary" onClick={() => notification.destroy(key)}>
              {t('actions.ok')}
            </Button>
          </Flex>
        ),
      });
    },
  });

  const addFiles = (files: File[]) => {
    if (!abilities.addAttachment) return;
    uploads.add(files);
    setAttachmentsOpen(true);
  };

  const jumpTo = (id: string) => {
    const element = document.getElementById(`activity-${id}`);
    if (element) {
      element.scrollIntoView({ behavior: 'smooth', block: 'center' });
      setHighlightedId(id);
    } else {
      setAnchorId(id);
      setHighlightedId(id);
    }
  };

  const confirmDeleteMessage = (activity: ThreadActivity) => {
    const messageId = activity.inboxMessage?.uuid;
    if (!messageId) return;
    modal.confirm({
      title: t('message.delete_title'),
      content: t('message.delete_text'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: () => deleteMessage(messageId, activity.uuid),
    });
  };

  const confirmDeleteThread = () =>
    modal.confirm({
      title: t('thread.delete_title'),
      content: t('thread.delete_text'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        if (await deleteTask()) {
          message.success(t('thread.deleted'));
          onClose();
        }
      },
    });

  const confirmRestore = () =>
    modal.confirm({
      title: t('thread.restore_title'),
      content: t('thread.restore_text'),
      okText: t('footer.restore'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        if (await restoreTask()) {
          message.success(t('thread.restored'));
          onClose();
        }
      },
    });

  const copyToNewWindow = () =>
    void withBusy(async () => {
      // Open the window in the click's turn, so that pop-up blockers let it through.
      const opened = window.open('', '_blank');
      const copy = await copyTask();
      if (!copy) {
        opened?.close();
        return;
      }
      const url = threadPath(copy.companyId, copy.uuid);
      if (opened) {
        opened.opener = null;
        opened.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    });

  const renderActivity = (activity: ThreadActivity) => (
    <ActivityItem
      activity={activity}
      highlighted={activity.uuid === highlightedId}
      editing={activity.uuid === editingId}
      saving={saving}
      canWrite={abilities.writeMessage}
      canChangeOwn={abilities.changeOwnMessages}
      canReact={!task.hidden}
      canViewReaders={abilities.viewReaders}
      onReply={(a) => setReplyTo(replyTargetOf(a))}
      onReact={(id, emoji) => void toggleReaction(id, emoji)}
      onStartEdit={setEditingId}
      onCancelEdit={() => setEditingId(null)}
      onSaveEdit={(a, html, removeImage) => {
        const messageId = a.inboxMessage?.uuid;
        if (!messageId) return;
        void edit(messageId, html, removeImage).then((ok) => ok && setEditingId(null));
      }}
      onDelete={confirmDeleteMessage}
      onShowViewers={setViewersOf}
      onJumpTo={jumpTo}
    />
  );

  const attachmentsPanel = (
    <AttachmentsPanel
      companyId={companyId}
      taskId={taskId}
      canUpload={abilities.addAttachment}
      canDelete={footer === 'composer'}
      queue={uploads.queue}
      onAddFiles={addFiles}
      onRetry={uploads.retry}
      onDismiss={uploads.dismiss}
      onCancel={uploads.cancel}
      onDownloadZip={(ids) => void exports.downloadZip(ids)}
      onClose={() => setAttachmentsOpen(false)}
      fullWidth={phone}
    />
  );

  return (
    <section
      aria-label={t('pane.label', { title: task.title })}
      data-testid="thread-pane"
      style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, background: token.colorBgContainer }}
    >
      <style>{`.portico-message-html p, .portico-message-html div { margin: 0; }
.portico-message-html ul, .portico-message-html ol { margin: 0; padding-inline-start: 20px; }
.portico-message-html .mention { color: ${token.colorPrimaryText}; font-weight: 500; }`}</style>
      <ThreadHeader
        task={task}
        abilities={abilities}
        attachmentsOpen={attachmentsOpen}
        attachmentCount={null}
        busy={busy}
        onToggleAttachments={() => setAttachmentsOpen((v) => !v)}
        onClose={onClose}
        onChangeStatus={(status) => void withBusy(async () => (await changeStatus({ status })) && afterTaskChange())}
        onChangePriority={(priority) => void withBusy(() => changePriority({ priority }))}
        onChangeDueDate={(dueDate) => void withBusy(() => changeDueDate({ dueDate }))}
        onChangeUrgent={(urgent) => void withBusy(() => changeUrgent({ urgent }))}
        onAssign={(userId) => void withBusy(() => assign({ userId }))}
        onMarkUnread={() =>
          void withBusy(async () => {
            if (await changeUnread({ unread: true })) {
              message.success(t('thread.marked_unread'));
              onClose();
            }
          })
        }
        onExportPdf={() => void exports.exportPdf()}
        onDownloadAttachments={() => void exports.downloadZip([])}
        onDelete={confirmDeleteThread}
      />
      <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}>
          {stream.loading ? (
            <ThreadLoading />
          ) : stream.error ? (
            <ThreadFailed onRetry={stream.retry} />
          ) : (
            <MessageList
              activities={activities}
              companyId={companyId}
              description={task.description}
              unreadActivityId={unreadMarker}
              focusActivityId={anchorId}
              hasMoreBefore={stream.hasMoreBefore}
              hasMoreAfter={stream.hasMoreAfter}
              loadingOlder={stream.loadingOlder}
              onLoadOlder={() => void stream.loadOlder()}
              onJumpToLatest={() => {
                setAnchorId(null);
                onActivityConsumed?.();
              }}
              onSeeBottom={onSeeBottom}
              highlightedId={highlightedId}
              renderActivity={renderActivity}
            />
          )}
          {footer === 'composer' ? (
            abilities.writeMessage && (
              <Composer
                companyId={companyId}
                taskId={taskId}
                replyTo={replyTo}
                sending={sending}
                onCancelReply={() => setReplyTo(null)}
                onAttachFiles={abilities.addAttachment ? addFiles : undefined}
                onSend={async (input) => {
                  const sent = await send(input);
                  if (sent) setReplyTo(null);
                  return Boolean(sent);
                }}
              />
            )
          ) : (
            <ThreadFooterNotice
              state={footer}
              canReopen={abilities.isAdmin || abilities.isStaff}
              canCopy={abilities.copyTask}
              canRestore={abilities.restoreTask}
              busy={busy}
              onCopy={copyToNewWindow}
              onRestore={confirmRestore}
            />
          )}
        </div>
        {attachmentsOpen && !phone && attachmentsPanel}
      </div>
      {phone && (
        <Drawer
          open={attachmentsOpen}
          onClose={() => setAttachmentsOpen(false)}
          placement="right"
          size="100%"
          title={t('attachments.title')}
          styles={{ body: { padding: 0, display: 'flex' } }}
        >
          {attachmentsPanel}
        </Drawer>
      )}
      {viewersOf && (
        <Suspense fallback={null}>
          <ViewersModal companyId={companyId} activityId={viewersOf} onClose={() => setViewersOf(null)} />
        </Suspense>
      )}
    </section>
  );
}
