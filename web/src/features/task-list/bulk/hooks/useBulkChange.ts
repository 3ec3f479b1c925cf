import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../../app/errors/notifier';
import { reportServerErrors, reportUnexpectedError } from '../../../../app/errors/reportErrors';
import { ERROR_TOAST_DURATION_S } from '../../../../app/errors/serverErrors';
import type { BulkResultFieldsFragment } from '../../../../gql/graphql';
import { bulkOutcome, quotedNames, type BulkKind } from '../bulkOutcome';
import { bulkTargetVariables, type BulkTarget } from '../bulkVariables';

const loadMutations = () => import('../graphql/bulkMutations');

export type BulkChange =
  | { readonly kind: 'status'; readonly status: string }
  | { readonly kind: 'priority'; readonly priority: string }
  | { readonly kind: 'due_date'; readonly dueDate: string }
  | { readonly kind: 'completion_date'; readonly completionDate: string }
  | { readonly kind: 'assign'; readonly userId: string | null }
  | { readonly kind: 'read' }
  | { readonly kind: 'unread' };

export interface BulkChangeApi {
  /** Runs the change and shows its toasts; true when at least one thread changed. */
  readonly run: (target: BulkTarget, change: BulkChange) => Promise<boolean>;
  readonly running: boolean;
}

const REFETCH = ['InboxThreads', 'SearchThreads', 'InboxFolderStats'];

/**
 * The bulk mutations behind one verb. Partial failures are reported as the spec says:
 * assign names the threads in quotes, the others give the failed count; a success toast
 * follows when at least one thread changed.
 */
export function useBulkChange(): BulkChangeApi {
  const { t } = useTranslation('inbox');
  const client = useApolloClient();
  const [running, setRunning] = useState(false);

  const run = useCallback(
    async (target: BulkTarget, change: BulkChange): Promise<boolean> => {
      const base = bulkTargetVariables(target);
      const options = { refetchQueries: REFETCH, awaitRefetchQueries: false };
      setRunning(true);
      let payload: BulkResultFieldsFragment | undefined;
      try {
        const m = await loadMutations().catch((error: unknown) => {
          // a chunk that does not arrive is no server answer: the error link never sees it
          reportUnexpectedError();
          throw error;
        });
        switch (change.kind) {
          case 'status':
            payload = (await client.mutate({ mutation: m.CHANGE_TASKS_STATUS, variables: { ...base, status: change.status }, ...options }))
              .data?.changeTasksStatus;
            break;
          case 'priority':
            payload = (
              await client.mutate({ mutation: m.CHANGE_TASKS_PRIORITY, variables: { ...base, priority: change.priority }, ...options })
            ).data?.changeTasksPriority;
            break;
          case 'due_date':
            payload = (await client.mutate({ mutation: m.CHANGE_TASKS_DUE_DATE, variables: { ...base, dueDate: change.dueDate }, ...options }))
              .data?.changeTasksDueDate;
            break;
          case 'completion_date':
            payload = (
              await client.mutate({
                mutation: m.CHANGE_TASKS_COMPLETION_DATE,
                variables: { ...base, completionDate: change.completionDate },
                ...options,
              })
            ).data?.changeTasksCompletionDate;
            break;
          case 'assign':
            payload = (
              await client.mutate({
                mutation: m.ASSIGN_TASKS_TO,
                variables: { ...base, userId: change.userId, nobody: change.userId === null ? true : null },
                ...options,
              })
            ).data?.assignTasksTo;
            break;
          case 'read':
          case 'unread':
            payload = (
              await client.mutate({ mutation: m.CHANGE_TASKS_UNREAD, variables: { ...base, unreadStatus: change.kind === 'unread' }, ...options })
            ).data?.changeTasksUnread;
            break;
        }
      } catch {
        // Shown by the shell's error link.
        return false;
      } finally {
        setRunning(false);
      }
      if (!payload) return false;
      return reportBulkOutcome(change.kind, payload, t);
    },
    [client, t],
  );
  return { run, running };
}

type Translate = ReturnType<typeof useTranslation<'inbox'>>['t'];

/** Shows the toasts of a bulk answer; true when at least one thread changed. */
export function reportBulkOutcome(kind: BulkKind, payload: BulkResultFieldsFragment, t: Translate): boolean {
  const outcome = bulkOutcome(payload);
  if (outcome.errors.length > 0 && outcome.succeeded === 0 && outcome.failed === 0) {
    reportServerErrors(outcome.errors);
    return false;
  }
  if (outcome.failed > 0) {
    notifier().error({
      key: `bulk-${kind}-failed`,
      title: t('bulk.failed_title'),
      description:
        kind === 'assign' && outcome.failedNames.length > 0
          ? t('bulk.assign_failed', { names: quotedNames(outcome.failedNames) })
          : t('bulk.failed_count', { count: outcome.failed }),
      duration: ERROR_TOAST_DURATION_S,
    });
  }
  if (outcome.succeeded > 0) {
    notifier().success({
      key: `bulk-${kind}-done`,
      title: t('bulk.done', { count: outcome.succeeded }),
    });
  }
  return outcome.succeeded > 0;
}
