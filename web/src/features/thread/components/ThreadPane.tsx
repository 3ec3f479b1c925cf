import { useApolloClient } from '@apollo/client/react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Flex, Grid, Tabs, Typography, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import { useInit } from '../../../app/session/SessionProvider';
import { RichText } from '../../../shared/ui/RichText';
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
import type { ThreadActionHandlers } from '../hooks/useThreadControls';
import { useThreadActivities } from '../hooks/useThreadActivities';
import { useThreadExports } from '../hooks/useThreadExports';
import { useThreadRealtime } from '../hooks/useThreadRealtime';
import { isThreadGone, useThreadTask } from '../hooks/useThreadTask';
import { useUploadQueue } from '../hooks/useUploadQueue';
import { THREAD_ATTACHMENTS } from '../graphql/inboxAttachments';
import { replyStillValid, replyTargetOf, type ReplyTarget } from '../utils/reply';
import { taskTabsOf, usesTaskHeader, type TaskTab, type ThreadPaneVariant } from '../utils/taskTabs';
import { footerStateOf, threadAbilities } from '../utils/threadState';
import { threadPath } from '../utils/threadPath';
import type { ThreadActivity, ThreadTask } from '../utils/types';
import { ActivityItem } from './ActivityItem';
import { AttachmentsPanel } from './AttachmentsPanel';
import { Composer } from './Composer';
import { MessageList, HIGHLIGHT_MS } from './MessageList';
import { MobileThreadHeader } from './MobileThreadHeader';
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
 * - onActivityConsumed(): the user jumped to the newest messages, so activity_id may be cleared;
 * - variant: 'inbox' (default; the full header) or 'tasks' (the task header with the tabs
 *   messages, description and attachments; a workflow task gets it anywhere);
 * - mobile: the mobile inbox (a back button and the thread menu instead of the header).
 */
export interface ThreadPaneProps {
  readonly companyId?: string | null;
  readonly taskId: string;
  readonly onClose: () => void;
  readonly activityId?: string | null;
  readonly onActivityConsumed?: () => void;
  readonly variant?: ThreadPaneVariant;
  readonly mobile?: boolean;
}

export function ThreadPane({
  companyId = null,
  taskId,
  onClose,
  activityId = null,
  onActivityConsumed,
  variant = 'inbox',
  mobile = false,
}: ThreadPaneProps) {
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
          variant={variant}
          mobile={mobile}
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
  readonly variant: ThreadPaneVariant;
  readonly mobile: boolean;
}

function ThreadView({ scopeCompanyId, task, onClose, activityId, onActivityConsumed, variant, mobile }: ThreadViewProps) {
  const { t } = useTranslation('thread');
  const { t: ti } = useTranslation('inbox');
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
  const compact = mobile || Grid.useBreakpoint().md === false;
  const taskHeader = usesTaskHeader(variant, task.type);
  const [tab, setTab] = useState<TaskTab>('messages');
  const openAttachments = () => (taskHeader ? setTab('attachments') : setAttachmentsOpen(true));

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
    openAttachments();
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
      fullWidth={compact || taskHeader}
    />
  );

  const actions: ThreadActionHandlers = {
    onChangeStatus: (status) => void withBusy(async () => (await changeStatus({ status })) && afterTaskChange()),
    onChangePriority: (priority) => void withBusy(() => changePriority({ priority })),
    onChangeDueDate: (dueDate) => void withBusy(() => changeDueDate({ dueDate })),
    onChangeUrgent: (urgent) => void withBusy(() => changeUrgent({ urgent })),
    onAssign: (userId) => void withBusy(() => assign({ userId })),
    onMarkUnread: () =>
      void withBusy(async () => {
        if (await changeUnread({ unread: true })) {
          message.success(t('thread.marked_unread'));
          onClose();
        }
      }),
    onExportPdf: () => void exports.exportPdf(),
    onDownloadAttachments: () => void exports.downloadZip([]),
    onDelete: confirmDeleteThread,
  };

  const messagesColumn = (
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
  );

  // The task header's tabs (spec 001 §2): messages, description (not for an inbox thread), attachments.
  const taskTabs = taskHeader && (
    <Tabs
      className="portico-task-tabs"
      activeKey={tab}
      onChange={(key) => setTab(key as TaskTab)}
      tabBarStyle={{ margin: 0, paddingInline: 16 }}
      items={taskTabsOf(task.type).map((key) => ({
        key,
        label: ti(`task_tabs.${key}`),
        children:
          key === 'messages' ? (
            messagesColumn
          ) : key === 'description' ? (
            <div style={{ padding: 16, overflowY: 'auto', flex: 1 }} data-testid="task-description">
              {task.description ? (
                <RichText html={task.description} className="portico-message-html" />
              ) : (
                <Typography.Text type="secondary">{ti('task_tabs.no_description')}</Typography.Text>
              )}
            </div>
          ) : (
            attachmentsPanel
          ),
      }))}
    />
  );

  // On a phone the attachments are a screen of their own, with the way back to the thread.
  const attachmentsScreen = compact && !taskHeader && attachmentsOpen;

  return (
    <section
      aria-label={t('pane.label', { title: task.title })}
      data-testid="thread-pane"
      style={{
        display: 'flex',
        flexDirection: 'column',
        flex: 1,
        // Never wider than the screen: long titles and the composer shrink instead.
        minWidth: 0,
        height: '100%',
        minHeight: 0,
        background: token.colorBgContainer,
      }}
    >
      <style>{`.portico-message-html p, .portico-message-html div { margin: 0; }
.portico-message-html ul, .portico-message-html ol { margin: 0; padding-inline-start: 20px; }
.portico-message-html .mention { color: ${token.colorPrimaryText}; font-weight: 500; }
.portico-task-tabs { flex: 1; min-height: 0; display: flex; flex-direction: column; }
.portico-task-tabs > .ant-tabs-body-holder { flex: 1; min-height: 0; display: flex; }
.portico-task-tabs > .ant-tabs-body-holder > .ant-tabs-body { flex: 1; min-height: 0; display: flex; }
.portico-task-tabs > .ant-tabs-body-holder > .ant-tabs-body > .ant-tabs-content-active { flex: 1; min-height: 0; display: flex; flex-direction: column; }`}</style>
      {attachmentsScreen && (
        <Flex vertical style={{ flex: 1, minHeight: 0 }} data-testid="attachments-screen">
          <Flex align="center" gap={4} style={{ padding: '6px 8px', borderBottom: `1px solid ${token.colorSplit}` }}>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={ti('mobile.back_to_thread')}
              onClick={() => setAttachmentsOpen(false)}
            />
            <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeLG }} ellipsis>
              {t('attachments.title')}
            </Typography.Title>
          </Flex>
          {attachmentsPanel}
        </Flex>
      )}
      {/* Kept mounted under the attachments screen, so the stream keeps its place. */}
      <Flex vertical style={{ flex: 1, minHeight: 0, display: attachmentsScreen ? 'none' : 'flex' }}>
        {mobile ? (
          <MobileThreadHeader
            {...actions}
            task={task}
            abilities={abilities}
            busy={busy}
            onBack={onClose}
            onOpenAttachments={openAttachments}
            onCopy={copyToNewWindow}
          />
        ) : (
          <ThreadHeader
            {...actions}
            task={task}
            abilities={abilities}
            attachmentsOpen={attachmentsOpen}
            attachmentCount={null}
            busy={busy}
            showAttachmentsToggle={!taskHeader}
            onToggleAttachments={() => setAttachmentsOpen((v) => !v)}
            onClose={onClose}
          />
        )}
        {taskHeader ? (
          taskTabs
        ) : (
          <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
            {messagesColumn}
            {attachmentsOpen && !compact && attachmentsPanel}
          </div>
        )}
      </Flex>
      {viewersOf && (
        <Suspense fallback={null}>
          <ViewersModal companyId={companyId} activityId={viewersOf} onClose={() => setViewersOf(null)} />
        </Suspense>
      )}
    </section>
  );
}
