import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { reportServerErrors, reportUnexpectedError } from '../../../../app/errors/reportErrors';
import { CREATE_TASK } from '../graphql/createTask';

export interface NewThreadInput {
  readonly companyId: string;
  readonly categoryId: string;
  readonly title: string;
  readonly description: string;
  readonly urgent: boolean;
}

export interface CreatedThread {
  readonly uuid: string;
  readonly companyId: string;
}

export interface CreateThreadApi {
  /** Creates the thread; null when it failed (the failure was shown). */
  readonly createThread: (input: NewThreadInput) => Promise<CreatedThread | null>;
  readonly creating: boolean;
}

export function useCreateThread(): CreateThreadApi {
  const [mutate, { loading }] = useMutation(CREATE_TASK, { refetchQueries: ['InboxThreads', 'SearchThreads', 'InboxFolderStats', 'InboxUnreadCount'] });
  const createThread = useCallback(
    async (input: NewThreadInput): Promise<CreatedThread | null> => {
      try {
        const { data } = await mutate({
          variables: {
            companyId: input.companyId,
            categoryId: input.categoryId,
            title: input.title.trim(),
            description: input.description.trim() || null,
            urgent: input.urgent,
          },
        });
        const answer = data?.createTask;
        if (answer?.errors.length) {
          reportServerErrors(answer.errors);
          return null;
        }
        if (!answer?.task) {
          reportUnexpectedError();
          return null;
        }
        return { uuid: answer.task.uuid, companyId: answer.task.companyId };
      } catch {
        // Shown by the shell's error link.
        return null;
      }
    },
    [mutate],
  );
  return { createThread, creating: loading };
}
