import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import type { FolderFieldsFragment } from '../../../gql/graphql';
import { CREATE_FOLDER } from '../graphql/createFolder';
import { DELETE_FOLDER } from '../graphql/deleteFolder';
import { UPDATE_FOLDER } from '../graphql/updateFolder';

interface Payload {
  readonly folder?: FolderFieldsFragment | null;
  readonly success?: boolean;
  readonly errors: readonly { code: string; message: string; field: string | null; entityType: string | null }[];
}

/** Shows a mutation's errors; true when it went through. */
function accepted(answer: Payload | null | undefined, needs: 'folder' | 'success'): boolean {
  if (answer?.errors.length) {
    reportServerErrors(answer.errors);
    return false;
  }
  if (needs === 'folder' ? !answer?.folder : !answer?.success) {
    reportUnexpectedError();
    return false;
  }
  return true;
}

export interface CreateFolderApi {
  readonly createFolder: (companyId: string, parentFolderId: string, name: string) => Promise<FolderFieldsFragment | null>;
  readonly creating: boolean;
}

export function useCreateFolder(): CreateFolderApi {
  const [mutate, { loading }] = useMutation(CREATE_FOLDER);
  const createFolder = useCallback(
    async (companyId: string, parentFolderId: string, name: string) => {
      try {
        const { data } = await mutate({ variables: { companyId, parentFolderId, name: name.trim() } });
        return accepted(data?.createFolder, 'folder') ? (data?.createFolder.folder ?? null) : null;
      } catch {
        return null;
      }
    },
    [mutate],
  );
  return { createFolder, creating: loading };
}

export interface FolderChange {
  readonly name?: string;
  readonly parentFolderId?: string;
}

export interface UpdateFolderApi {
  readonly updateFolder: (folderId: string, change: FolderChange) => Promise<FolderFieldsFragment | null>;
  readonly updating: boolean;
}

/** The answer's folder replaces the cached one (keyed by uuid): the header shows it; the tree reloads its parents itself. */
export function useUpdateFolder(): UpdateFolderApi {
  const [mutate, { loading }] = useMutation(UPDATE_FOLDER);
  const updateFolder = useCallback(
    async (folderId: string, change: FolderChange) => {
      try {
        const { data } = await mutate({
          variables: { folderId, name: change.name?.trim(), parentFolderId: change.parentFolderId },
        });
        return accepted(data?.updateFolder, 'folder') ? (data?.updateFolder.folder ?? null) : null;
      } catch {
        return null;
      }
    },
    [mutate],
  );
  return { updateFolder, updating: loading };
}

export interface DeleteFolderApi {
  readonly deleteFolder: (folderId: string) => Promise<boolean>;
  readonly deleting: boolean;
}

export function useDeleteFolder(): DeleteFolderApi {
  const [mutate, { loading }] = useMutation(DELETE_FOLDER);
  const deleteFolder = useCallback(
    async (folderId: string) => {
      try {
        const { data } = await mutate({ variables: { folderId } });
        return accepted(data?.deleteFolder, 'success');
      } catch {
        return false;
      }
    },
    [mutate],
  );
  return { deleteFolder, deleting: loading };
}
