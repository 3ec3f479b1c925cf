import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { ASSIGN_TASK_TO } from '../graphql/assignTaskTo';
import { CHANGE_TASK_DUE_DATE } from '../graphql/changeTaskDueDate';
import { CHANGE_TASK_PRIORITY } from '../graphql/changeTaskPriority';
import { CHANGE_TASK_STATUS } from '../graphql/changeTaskStatus';
import { CHANGE_TASK_UNREAD } from '../graphql/changeTaskUnread';
import { CHANGE_TASK_URGENT } from '../graphql/changeTaskUrgent';
import { COPY_TASK } from '../graphql/copyTask';
import { DELETE_TASK } from '../graphql/deleteTask';
import { RESTORE_TASK } from '../graphql/restoreTask';
import type { ThreadTask } from '../utils/types';

interface ErrorsLike {
  readonly errors: readonly { code: string; message: string; field?: string | null; entityType?: string | null }[];
}

/** Reports a mutation answer's errors; true when there were none. */
export function succeeded(payload: ErrorsLike | null | undefined): boolean {
  if (!payload) return false;
  if (payload.errors.length) {
    reportServerErrors(payload.errors);
    return false;
  }
  return true;
}

// The answered thread needs no writing by hand: InboxTask is normalised by uuid (see
// app/apollo/client.ts), so the pane, the inbox list and the tasks table show it at once.

export interface ThreadScope {
  readonly companyId: string | null;
  readonly taskId: string;
}

/** A mutation that returns the thread: the verb resolves true on success. */
function useTaskVerb<V>(run: (variables: V) => Promise<(ErrorsLike & { task?: ThreadTask | null }) | null | undefined>) {
  return useCallback(
    async (variables: V) => {
      try {
        return succeeded(await run(variables));
      } catch {
        return false; // the error link has shown the toast
      }
    },
    [run],
  );
}

export function useChangeTaskStatus(scope: ThreadScope) {
  const [mutate, { loading }] = useMutation(CHANGE_TASK_STATUS);
  const run = useCallback(
    async ({ status }: { status: string }) =>
      (
        await mutate({
          variables: { companyId: scope.companyId, taskId: scope.taskId, status },
        })
      ).data?.changeTaskStatus,
    [mutate, scope.companyId, scope.taskId],
  );
  return { changeStatus: useTaskVerb(run), loading };
}

export function useChangeTaskPriority(scope: ThreadScope) {
  const [mutate, { loading }] = useMutation(CHANGE_TASK_PRIORITY);
  const run = useCallback(
    async ({ priority }: { priority: string }) =>
      (
        await mutate({
          variables: { taskId: scope.taskId, priority },
        })
      ).data?.changeTaskPriority,
    [mutate, scope.companyId, scope.taskId],
  );
  return { changePriority: useTaskVerb(run), loading };
}

export function useChangeTaskDueDate(scope: ThreadScope) {
  const [mutate, { loading }] = useMutation(CHANGE_TASK_DUE_DATE);
  const run = useCallback(
    async ({ dueDate }: { dueDate: string | null }) =>
      (
        await mutate({
          variables: { companyId: scope.companyId, taskId: scope.taskId, dueDate },
        })
      ).data?.changeTaskDueDate,
    [mutate, scope.companyId, scope.taskId],
  );
  return { changeDueDate: useTaskVerb(run), loading };
}

export function useChangeTaskUrgent(scope: ThreadScope) {
  const [mutate, { loading }] = useMutation(CHANGE_TASK_URGENT);
  const run = useCallback(
    async ({ urgent }: { urgent: boolean }) =>
      (
        await mutate({
          variables: { companyId: scope.companyId, taskId: scope.taskId, urgent },
        })
      ).data?.changeTaskUrgent,
    [mutate, scope.companyId, scope.taskId],
  );
  return { changeUrgent: useTaskVerb(run), loading };
}

export function useAssignTask(scope: ThreadScope) {
  const [mutate, { loading }] = useMutation(ASSIGN_TASK_TO);
  const run = useCallback(
    async ({ userId }: { userId: string | null }) =>
      (
        await mutate({
          variables: { companyId: scope.companyId, taskId: scope.taskId, userId, nobody: userId === null },
        })
      ).data?.assignTaskTo,
    [mutate, scope.companyId, scope.taskId],
  );
  return { assign: useTaskVerb(run), loading };
}

export function useChangeTaskUnread(scope: ThreadScope) {
  const [mutate, { loading }] = useMutation(CHANGE_TASK_UNREAD);
  const run = useCallback(
    async ({ unread }: { unread: boolean }) =>
      (
        await mutate({
          variables: { companyId: scope.companyId, taskId: scope.taskId, unreadStatus: unread },
        })
      ).data?.changeTaskUnread,
    [mutate, scope.companyId, scope.taskId],
  );
  return { changeUnread: useTaskVerb(run), loading };
}

/** A false success without errors is the unexpected-error toast. */
function successOf(payload: (ErrorsLike & { success: boolean }) | null | undefined): boolean {
  if (!succeeded(payload)) return false;
  if (!payload?.success) {
    reportUnexpectedError();
    return false;
  }
  return true;
}

export function useDeleteTask(scope: ThreadScope) {
  const [mutate, { loading }] = useMutation(DELETE_TASK);
  const deleteTask = useCallback(async () => {
    try {
      return successOf((await mutate({ variables: { taskId: scope.taskId } })).data?.deleteTask);
    } catch {
      return false;
    }
  }, [mutate, scope.taskId]);
  return { deleteTask, loading };
}

export function useRestoreTask(scope: ThreadScope) {
  const [mutate, { loading }] = useMutation(RESTORE_TASK);
  const restoreTask = useCallback(async () => {
    try {
      return successOf((await mutate({ variables: { taskId: scope.taskId } })).data?.restoreTask);
    } catch {
      return false;
    }
  }, [mutate, scope.taskId]);
  return { restoreTask, loading };
}

/** Copies a (closed) thread; resolves the copy's ids. */
export function useCopyTask(scope: ThreadScope) {
  const [mutate, { loading }] = useMutation(COPY_TASK);
  const copyTask = useCallback(async (): Promise<{ uuid: string; companyId: string } | null> => {
    try {
      const { data } = await mutate({ variables: { taskId: scope.taskId, companyId: scope.companyId } });
      const payload = data?.copyTask;
      if (!succeeded(payload) || !payload?.task) return null;
      return payload.task;
    } catch {
      return null;
    }
  }, [mutate, scope.companyId, scope.taskId]);
  return { copyTask, loading };
}
