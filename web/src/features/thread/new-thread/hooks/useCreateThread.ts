import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { reportServerErrors, reportUnexpectedError } from '../../../../app/errors/reportErrors';
import { sendMultipart } from '../../utils/multipartUpload';
import type { CreateTaskMutation } from '../../../../gql/graphql';
import { CREATE_TASK } from '../graphql/createTask';

const REFETCH = ['InboxThreads', 'SearchThreads', 'InboxFolderStats', 'InboxUnreadCount'];

export interface NewThreadInput {
  readonly companyId: string;
  readonly categoryId: string;
  readonly title: string;
  readonly description: string;
  readonly urgent: boolean;
  /** An image pasted into the message (messageImage, spec 001 §3). */
  readonly image?: File | null;
  /** Files attached to the new thread. */
  readonly files?: readonly File[];
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
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(CREATE_TASK, { refetchQueries: REFETCH });
  const [uploading, setUploading] = useState(false);
  const createThread = useCallback(
    async (input: NewThreadInput): Promise<CreatedThread | null> => {
      const variables = {
        companyId: input.companyId,
        categoryId: input.categoryId,
        title: input.title.trim(),
        description: input.description.trim() || null,
        urgent: input.urgent,
      };
      const files = input.files ?? [];
      try {
        let answer: CreateTaskMutation['createTask'] | null | undefined;
        if (input.image || files.length > 0) {
          // files travel as a GraphQL multipart request; the JSON link carries none
          setUploading(true);
          try {
            const parts = [
              ...(input.image ? [{ path: 'variables.image', file: input.image }] : []),
              ...files.map((file, i) => ({ path: `variables.files.${i}`, file })),
            ];
            const sent = await sendMultipart<CreateTaskMutation>(
              CREATE_TASK,
              { ...variables, image: null, files: files.map(() => null) },
              parts,
            );
            if (sent.errors?.length) {
              reportServerErrors(sent.errors.map((e) => ({ code: String(e.extensions?.['code'] ?? ''), message: e.message })));
              return null;
            }
            answer = sent.data?.createTask;
            if (answer?.task) void client.refetchQueries({ include: REFETCH }).catch(() => undefined);
          } finally {
            setUploading(false);
          }
        } else {
          answer = (await mutate({ variables })).data?.createTask;
        }
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
        // Shown by the shell's error link (a multipart request has none: shown here).
        if (input.image || files.length > 0) reportUnexpectedError();
        return null;
      }
    },
    [client, mutate],
  );
  return { createThread, creating: loading || uploading };
}
