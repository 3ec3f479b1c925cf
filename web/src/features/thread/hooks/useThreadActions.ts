import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { threadPath } from '../utils/threadPath';
import type { ThreadActionHandlers } from './useThreadControls';
import { useThreadExports } from './useThreadExports';
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
  type ThreadScope,
} from './useTaskMutations';

export interface ThreadActionsInput extends ThreadScope {
  /** The thread's own company (the scope's may be null in all-companies mode). */
  readonly threadCompanyId: string;
  readonly title: string;
  /** A status change adds a line to the stream. */
  readonly onStatusChanged: () => void;
  /** The thread left the view (marked unread, deleted, restored): the pane closes. */
  readonly onClose: () => void;
}

export interface ThreadActions {
  /** The header's and the thread menu's actions. */
  readonly actions: ThreadActionHandlers;
  /** An action is on its way: the header and footer buttons wait. */
  readonly busy: boolean;
  /** Copies a closed thread and opens the copy in a new window. */
  readonly copyToNewWindow: () => void;
  readonly confirmRestore: () => void;
  readonly downloadZip: (attachmentIds: readonly string[]) => void;
}

/** What the user can do to the whole thread, with the confirmations and toasts around it. */
export function useThreadActions({
  companyId,
  taskId,
  threadCompanyId,
  title,
  onStatusChanged,
  onClose,
}: ThreadActionsInput): ThreadActions {
  const { t } = useTranslation('thread');
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const scope = { companyId, taskId };
  const { changeStatus } = useChangeTaskStatus(scope);
  const { changePriority } = useChangeTaskPriority(scope);
  const { changeDueDate } = useChangeTaskDueDate(scope);
  const { changeUrgent } = useChangeTaskUrgent(scope);
  const { assign } = useAssignTask(scope);
  const { changeUnread } = useChangeTaskUnread(scope);
  const { deleteTask } = useDeleteTask(scope);
  const { restoreTask } = useRestoreTask(scope);
  const { copyTask } = useCopyTask(scope);
  const exports = useThreadExports({ companyId: threadCompanyId, taskId, title });

  const withBusy = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  /** Asks first; a confirmed change that worked is told in a toast and closes the pane. */
  const confirmThenClose = (
    texts: { title: string; content: string; okText: string; done: string; danger?: boolean },
    run: () => Promise<boolean>,
  ) =>
    modal.confirm({
      title: texts.title,
      content: texts.content,
      okText: texts.okText,
      okButtonProps: texts.danger ? { danger: true } : undefined,
      cancelText: t('actions.cancel'),
      onOk: async () => {
        if (await run()) {
          message.success(texts.done);
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

  const actions: ThreadActionHandlers = {
    onChangeStatus: (status) => void withBusy(async () => (await changeStatus({ status })) && onStatusChanged()),
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
    onDelete: () =>
      confirmThenClose(
        {
          title: t('thread.delete_title'),
          content: t('thread.delete_text'),
          okText: t('actions.delete'),
          done: t('thread.deleted'),
          danger: true,
        },
        deleteTask,
      ),
  };

  return {
    actions,
    busy,
    copyToNewWindow,
    confirmRestore: () =>
      confirmThenClose(
        {
          title: t('thread.restore_title'),
          content: t('thread.restore_text'),
          okText: t('footer.restore'),
          done: t('thread.restored'),
        },
        restoreTask,
      ),
    downloadZip: (ids) => void exports.downloadZip(ids),
  };
}
