import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { MOVE_FILES } from '../graphql/moveFiles';

export interface MoveFilesApi {
  /** Moves files into a folder; the destination's name on success, null after a shown error. */
  readonly moveFiles: (fileIds: readonly string[], folderId: string) => Promise<{ name: string } | null>;
  readonly moving: boolean;
}

export function useMoveFiles(): MoveFilesApi {
  // The moved files leave the folder's page: the list asks again for what now fills it.
  const [mutate, { loading }] = useMutation(MOVE_FILES, { refetchQueries: ['CompanyFiles'], awaitRefetchQueries: true });
  const moveFiles = useCallback(
    async (fileIds: readonly string[], folderId: string) => {
      try {
        const { data } = await mutate({ variables: { fileIds: [...fileIds], folderId } });
        const answer = data?.moveFiles;
        if (answer?.errors.length) reportServerErrors(answer.errors);
        // Any failed result: "unexpected error" and the modal stays open (spec 002 §8).
        if (!answer?.success || answer.errors.length || !answer.folder) {
          reportUnexpectedError();
          return null;
        }
        return { name: answer.folder.name };
      } catch {
        return null; // shown by the error link
      }
    },
    [mutate],
  );
  return { moveFiles, moving: loading };
}
