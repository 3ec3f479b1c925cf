import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
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

/** A mutation that returns the thread: its document, its variables for a thread and an input, its answer. */
interface TaskVerb<TData, TVariables extends OperationVariables, TInput> {
  readonly document: TypedDocumentNode<TData, TVariables>;
  readonly variables: (scope: ThreadScope, input: TInput) => TVariables;
  readonly answer: (data: TData) => (ErrorsLike & { task?: ThreadTask | null }) | null | undefined;
}

type MutateWith<TData, TVariables> = (options: { variables: TVariables }) => Promise<{ data?: TData | null }>;

const taskVerb = <TData, TVariables extends OperationVariables, TInput>(verb: TaskVerb<TData, TVariables, TInput>) => verb;

const STATUS = taskVerb({
  document: CHANGE_TASK_STATUS,
  variables: ({ companyId, taskId }, { status }: { status: string }) => ({ companyId, taskId, status }),
  answer: (data) => data.changeTaskStatus,
});
const PRIORITY = taskVerb({
  document: CHANGE_TASK_PRIORITY,
  variables: ({ taskId }, { priority }: { priority: string }) => ({ taskId, priority }),
  answer: (data) => data.changeTaskPriority,
});
const DUE_DATE = taskVerb({
  document: CHANGE_TASK_DUE_DATE,
  variables: ({ companyId, taskId }, { dueDate }: { dueDate: string | null }) => ({ companyId, taskId, dueDate }),
  answer: (data) => data.changeTaskDueDate,
});
const URGENT = taskVerb({
  document: CHANGE_TASK_URGENT,
  variables: ({ companyId, taskId }, { urgent }: { urgent: boolean }) => ({ companyId, taskId, urgent }),
  answer: (data) => data.changeTaskUrgent,
});
const ASSIGN = taskVerb({
  document: ASSIGN_TASK_TO,
  variables: ({ companyId, taskId }, { userId }: { userId: string | null }) => ({ companyId, taskId, userId, nobody: userId === null }),
  answer: (data) => data.assignTaskTo,
});
const UNREAD = taskVerb({
  document: CHANGE_TASK_UNREAD,
  variables: ({ companyId, taskId }, { unread }: { unread: boolean }) => ({ companyId, taskId, unreadStatus: unread }),
  answer: (data) => data.changeTaskUnread,
});

/** The verb of a mutation that returns the thread: resolves true on success. */
function useTaskVerb<TData, TVariables extends OperationVariables, TInput>(
  { document, variables, answer }: TaskVerb<TData, TVariables, TInput>,
  { companyId, taskId }: ThreadScope,
) {
  const [mutate, { loading }] = useMutation(document);
  // Apollo types the options of a generic document's mutate beyond what TypeScript can check here.
  const send = mutate as unknown as MutateWith<TData, TVariables>;
  const run = useCallback(
    async (input: TInput) => {
      try {
        const { data } = await send({ variables: variables({ companyId, taskId }, input) });
        return succeeded(data ? answer(data) : null);
      } catch {
        return false; // the error link has shown the toast
      }
    },
    [answer, companyId, send, taskId, variables],
  );
  return { run, loading };
}

export function useChangeTaskStatus(scope: ThreadScope) {
  const { run, loading } = useTaskVerb(STATUS, scope);
  return { changeStatus: run, loading };
}

export function useChangeTaskPriority(scope: ThreadScope) {
  const { run, loading } = useTaskVerb(PRIORITY, scope);
  return { changePriority: run, loading };
}

export function useChangeTaskDueDate(scope: ThreadScope) {
  const { run, loading } = useTaskVerb(DUE_DATE, scope);
  return { changeDueDate: run, loading };
}

export function useChangeTaskUrgent(scope: ThreadScope) {
  const { run, loading } = useTaskVerb(URGENT, scope);
  return { changeUrgent: run, loading };
}

export function useAssignTask(scope: ThreadScope) {
  const { run, loading } = useTaskVerb(ASSIGN, scope);
  return { assign: run, loading };
}

export function useChangeTaskUnread(scope: ThreadScope) {
  const { run, loading } = useTaskVerb(UNREAD, scope);
  return { changeUnread: run, loading };
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

/** A mutation of the whole thread answered with success: resolves true when it worked. */
function useSuccessVerb<TData>(
  document: TypedDocumentNode<TData, { taskId: string }>,
  answer: (data: TData) => (ErrorsLike & { success: boolean }) | null | undefined,
  taskId: string,
) {
  const [mutate, { loading }] = useMutation(document);
  const send = mutate as unknown as MutateWith<TData, { taskId: string }>;
  const run = useCallback(async () => {
    try {
      const { data } = await send({ variables: { taskId } });
      return successOf(data ? answer(data) : null);
    } catch {
      return false;
    }
  }, [answer, send, taskId]);
  return { run, loading };
}

const deleteAnswer = (data: { deleteTask: (ErrorsLike & { success: boolean }) | null }) => data.deleteTask;
const restoreAnswer = (data: { restoreTask: (ErrorsLike & { success: boolean }) | null }) => data.restoreTask;

export function useDeleteTask(scope: ThreadScope) {
  const { run, loading } = useSuccessVerb(DELETE_TASK, deleteAnswer, scope.taskId);
  return { deleteTask: run, loading };
}

export function useRestoreTask(scope: ThreadScope) {
  const { run, loading } = useSuccessVerb(RESTORE_TASK, restoreAnswer, scope.taskId);
  return { restoreTask: run, loading };
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
