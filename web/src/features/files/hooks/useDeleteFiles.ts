import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { ServerErrorLike } from '../../../app/errors/serverErrors';
import { DELETE_FILES } from '../graphql/deleteFiles';

export type DeleteFilesResult =
  | { readonly kind: 'deleted'; readonly count: number; readonly notAllowed: readonly string[] }
  | { readonly kind: 'failed'; readonly errors: readonly ServerErrorLike[] };

export interface DeleteFilesApi {
  /** Deletes the files the viewer may delete; the page shows the outcome (spec 002 §8). */
  readonly deleteFiles: (companyId: string, fileIds: readonly string[]) => Promise<DeleteFilesResult>;
  readonly deleting: boolean;
}

export function useDeleteFiles(): DeleteFilesApi {
  // The deleted files leave the folder's page: the list asks again for what now fills it.
  const [mutate, { loading }] = useMutation(DELETE_FILES, {
    refetchQueries: ['CompanyFiles'],
    awaitRefetchQueries: true,
    context: { silentErrors: true },
  });
  const deleteFiles = useCallback(
    async (companyId: string, fileIds: readonly string[]): Promise<DeleteFilesResult> => {
      try {
        const { data, error } = await mutate({ variables: { companyId, fileIds: [...fileIds] }, errorPolicy: 'all' });
        const answer = data?.deleteFiles;
        if (answer?.errors.length) return { kind: 'failed', errors: answer.errors };
        if (!answer?.success) return { kind: 'failed', errors: error ? [{ message: error.message }] : [] };
        return {
          kind: 'deleted',
          count: answer.deletedIds.length,
          notAllowed: answer.notAllowedFiles.map((f) => f.filename),
        };
      } catch (error) {
        return { kind: 'failed', errors: error instanceof Error ? [{ message: error.message }] : [] };
      }
    },
    [mutate],
  );
  return { deleteFiles, deleting: loading };
}
