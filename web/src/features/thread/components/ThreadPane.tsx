import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Flex, Tabs, Typography, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useInit } from '../../../app/session/SessionProvider';
import { RichText } from '../../../shared/ui/RichText';
import { useDeleteMessage, useEditMessage, useSendMessage, useToggleReaction } from '../hooks/useMessageMutations';
import { useMarkRead } from '../hooks/useMarkRead';
import { useThreadActions } from '../hooks/useThreadActions';
import { useThreadSync } from '../hooks/useThreadSync';
import { useThreadTask } from '../hooks/useThreadTask';
import { useThreadUploads } from '../hooks/useThreadUploads';
import { useThreadView } from '../hooks/useThreadView';
import { replyTargetOf } from '../utils/reply';
import { taskTabsOf, usesTaskHeader, type TaskTab, type ThreadPaneVariant } from '../utils/taskTabs';
import { footerStateOf, threadAbilities } from '../utils/threadState';
import type { ThreadActivity, ThreadTask } from '../utils/types';
import { ActivityItem } from './ActivityItem';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { MobileThreadHeader } from './MobileThreadHeader';
import { ThreadFooterNotice } from './ThreadFooter';
import { preloadHeaderControls, ThreadHeader } from './ThreadHeader';
import { ThreadFailed, ThreadLoading, ThreadNotFound } from './ThreadStates';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

const ViewersModal = lazy(async () => ({ default: (await import('./ViewersModal')).ViewersModal }));
// The attachments (upload, progress, pages of files) show only once opened: their chunk is
// fetched after the pane's first render, not before it.
const loadAttachmentsPanel = () => import('./AttachmentsPanel');
const AttachmentsPanel = lazy(async () => ({ default: (await loadAttachmentsPanel()).AttachmentsPanel }));

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
  // Staff may change most threads: their header's pickers load while the thread does.
  const staff = useInit().user.userType === 'portico_user';
  useEffect(() => {
    if (staff && !mobile) preloadHeaderControls();
  }, [staff, mobile]);
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
  const { modal } = App.useApp();
  const init = useInit();
  const abilities = threadAbilities(init.user, task);
  const companyId = task.companyId;
  const taskId = task.uuid;
  const footer = footerStateOf(task);
  // On a phone the attachments open as a screen of their own instead of a side column.
  const compact = mobile || useBreakpoint().md === false;
  const taskHeader = usesTaskHeader(variant, task.type);

  useEffect(() => {
    void loadAttachmentsPanel().catch(() => {
      // The panel's own lazy import reports the failure when it opens.
    });
  }, []);

  const { view, dispatch, stream } = useThreadView(scopeCompanyId, task, activityId);
  const { activities, upsert, refreshActivity } = stream;
  const openAttachments = () => dispatch({ type: 'openAttachments', taskHeader });

  const { loadNewer, refreshAttachments } = useThreadSync({
    scopeCompanyId,
    companyId,
    taskId,
    isAdmin: abilities.isAdmin,
    activities,
    loadNewer: stream.loadNewer,
    refreshActivity,
    onGone: onClose,
  });

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

  const { actions, busy, copyToNewWindow, confirmRestore, downloadZip } = useThreadActions({
    companyId: scopeCompanyId,
    taskId,
    threadCompanyId: companyId,
    title: task.title,
    onStatusChanged: loadNewer,
    onClose,
  });

  // Messages.
  const onSent = useCallback((activity: ThreadActivity) => upsert([activity]), [upsert]);
  const { send, sending } = useSendMessage(taskId, onSent);
  const { edit, saving } = useEditMessage(taskId, onSent);
  const { deleteMessage } = useDeleteMessage(taskId, (id) => void refreshActivity(id));
  const toggleReaction = useToggleReaction(onSent);

  const uploads = useThreadUploads(taskId, () => {
    loadNewer();
    refreshAttachments();
  });

  const addFiles = (files: File[]) => {
    if (!abilities.addAttachment) return;
    uploads.add(files);
    openAttachments();
  };

  const jumpTo = (id: string) => {
    const element = document.getElementById(`activity-${id}`);
    element?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    dispatch({ type: 'jumpTo', id, onScreen: element !== null });
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

  const renderActivity = (activity: ThreadActivity) => (
    <ActivityItem
      activity={activity}
      highlighted={activity.uuid === view.highlightedId}
      editing={activity.uuid === view.editingId}
      saving={saving}
      canWrite={abilities.writeMessage}
      canChangeOwn={abilities.changeOwnMessages}
      canReact={!task.hidden}
      canViewReaders={abilities.viewReaders}
      onReply={(a) => dispatch({ type: 'reply', target: replyTargetOf(a) })}
      onReact={(id, emoji) => void toggleReaction(id, emoji)}
      onStartEdit={(id) => dispatch({ type: 'edit', id })}
      onCancelEdit={() => dispatch({ type: 'edit', id: null })}
      onSaveEdit={(a, html, removeImage) => {
        const messageId = a.inboxMessage?.uuid;
        if (!messageId) return;
        void edit(messageId, html, removeImage).then((ok) => ok && dispatch({ type: 'edit', id: null }));
      }}
      onDelete={confirmDeleteMessage}
      onShowViewers={(id) => dispatch({ type: 'showViewers', id })}
      onJumpTo={jumpTo}
    />
  );

  const panelFullWidth = compact || taskHeader;
  const attachmentsPanel = (
    <Suspense fallback={<div style={{ width: panelFullWidth ? '100%' : 320, flexShrink: 0 }} />}>
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
        onDownloadZip={downloadZip}
        onClose={() => dispatch({ type: 'attachmentsOpen', open: false })}
        fullWidth={panelFullWidth}
      />
    </Suspense>
  );

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
          workflowName={task.workflow?.name ?? null}
          unreadActivityId={view.unreadMarker}
          focusActivityId={view.anchorId}
          hasMoreBefore={stream.hasMoreBefore}
          hasMoreAfter={stream.hasMoreAfter}
          loadingOlder={stream.loadingOlder}
          onLoadOlder={() => void stream.loadOlder()}
          onJumpToLatest={() => {
            dispatch({ type: 'jumpToLatest' });
            onActivityConsumed?.();
          }}
          onSeeBottom={onSeeBottom}
          highlightedId={view.highlightedId}
          renderActivity={renderActivity}
        />
      )}
      {footer === 'composer' ? (
        abilities.writeMessage && (
          <Composer
            companyId={companyId}
            taskId={taskId}
            replyTo={view.replyTo}
            sending={sending}
            onCancelReply={() => dispatch({ type: 'reply', target: null })}
            onAttachFiles={abilities.addAttachment ? addFiles : undefined}
            onSend={async (input) => {
              const sent = await send(input);
              if (sent) dispatch({ type: 'reply', target: null });
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
      activeKey={view.tab}
      onChange={(key) => dispatch({ type: 'tab', tab: key as TaskTab })}
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
  const attachmentsScreen = compact && !taskHeader && view.attachmentsOpen;

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
              onClick={() => dispatch({ type: 'attachmentsOpen', open: false })}
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
            attachmentsOpen={view.attachmentsOpen}
            attachmentCount={null}
            busy={busy}
            showAttachmentsToggle={!taskHeader}
            onToggleAttachments={() => dispatch({ type: 'attachmentsToggled' })}
            onClose={onClose}
          />
        )}
        {taskHeader ? (
          taskTabs
        ) : (
          <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
            {messagesColumn}
            {view.attachmentsOpen && !compact && attachmentsPanel}
          </div>
        )}
      </Flex>
      {view.viewersOf && (
        <Suspense fallback={null}>
          <ViewersModal companyId={companyId} activityId={view.viewersOf} onClose={() => dispatch({ type: 'showViewers', id: null })} />
        </Suspense>
      )}
    </section>
  );
}
