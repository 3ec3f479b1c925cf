import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import type { CompanyFileFieldsFragment } from '../../../gql/graphql';
import { UPDATE_FILE } from '../graphql/updateFile';

export interface FileChange {
  readonly filename?: string;
  readonly description?: string;
}

export interface UpdateFileApi {
  /** Renames a file or sets its description; the updated file, or null after a shown error. */
  readonly updateFile: (fileId: string, change: FileChange) => Promise<CompanyFileFieldsFragment | null>;
  readonly updating: boolean;
}

/**
 * The answer's file replaces the cached one (CompanyFile is keyed by uuid), so the list
 * shows the new name or description without asking again; the order (newest first) stays.
 */
export function useUpdateFile(): UpdateFileApi {
  const [mutate, { loading }] = useMutation(UPDATE_FILE);
  const updateFile = useCallback(
    async (fileId: string, change: FileChange) => {
      try {
        const { data } = await mutate({ variables: { fileId, ...change } });
        const answer = data?.updateFile;
        if (answer?.errors.length) {
          reportServerErrors(answer.errors);
          return null;
        }
        if (!answer?.file) {
          reportUnexpectedError();
          return null;
        }
        return answer.file;
      } catch {
        return null; // shown by the error link
      }
    },
    [mutate],
  );
  return { updateFile, updating: loading };
}
