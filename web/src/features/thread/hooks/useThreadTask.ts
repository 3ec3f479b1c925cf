import { useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import { THREAD_TASK } from '../graphql/inboxTask';
import type { ThreadTask } from '../utils/types';

export type ThreadTaskState =
  | { readonly status: 'loading' }
  | { readonly status: 'notFound' }
  | { readonly status: 'failed'; readonly retry: () => void }
  | { readonly status: 'ready'; readonly task: ThreadTask; readonly refetch: () => Promise<unknown> };

const NOT_FOUND_CODES = new Set(['RECORD_NOT_FOUND', 'ACCESS_DENIED']);

/** True when an Apollo error says the thread does not exist or is not visible (any more). */
export function isThreadGone(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((e) => NOT_FOUND_CODES.has(String(e.extensions?.['code'] ?? '')))
  );
}

/** The open thread, with the pane's states: loading, not found, failed (retry), ready. */
export function useThreadTask(companyId: string | null | undefined, taskId: string): ThreadTaskState {
  const context: PorticoOperationContext = { silentErrors: true };
  const { data, error, loading, refetch } = useQuery(THREAD_TASK, {
    variables: { companyId: companyId ?? null, id: taskId },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
    context,
  });
  const task = data?.inboxTask;
  if (task && task.uuid === taskId) return { status: 'ready', task, refetch: () => refetch() };
  if (loading && !error) return { status: 'loading' };
  if (error && !isThreadGone(error)) return { status: 'failed', retry: () => void refetch() };
  return { status: 'notFound' };
}
