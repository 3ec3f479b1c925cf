import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { ServerErrorLike } from '../../../app/errors/serverErrors';
import { leaveForLogin } from '../../../app/session/leave';
import type { CompanyFileFieldsFragment } from '../../../gql/graphql';
import { uploadCompanyFile, type Uploader } from '../utils/multipartUpload';
import {
  DEFAULT_MAX_UPLOAD_BYTES,
  EMPTY_QUEUE,
  isUploading,
  nextPending,
  queueCounts,
  screenFiles,
  uploadQueueReducer,
  type QueueCounts,
  type RejectedFile,
  type UploadItem,
} from '../utils/uploadQueue';

export interface UploadTarget {
  readonly id: string;
  readonly name: string;
}

export interface UseUploadQueueOptions {
  /** Sends one file; the real multipart request unless a test gives another. */
  readonly uploader?: Uploader;
  readonly maxBytes?: number;
  readonly onUploaded?: (item: UploadItem, file: CompanyFileFieldsFragment) => void;
  /** errors is empty for a network failure. */
  readonly onFailed?: (item: UploadItem, errors: readonly ServerErrorLike[]) => void;
}

export interface UploadQueueApi {
  readonly items: readonly UploadItem[];
  readonly counts: QueueCounts;
  /** Files are waiting or uploading. */
  readonly uploading: boolean;
  readonly running: boolean;
  /** Queues files for a folder; returns the ones refused (duplicate name, too large, empty). */
  readonly add: (files: readonly File[], target: UploadTarget, options?: { start?: boolean }) => RejectedFile[];
  /** Starts uploading the pending files, one at a time. */
  readonly start: () => void;
  readonly describe: (id: string, description: string) => void;
  readonly retry: (id: string) => void;
  readonly dismiss: (id: string) => void;
  readonly clearFinished: () => void;
}

/**
 * The Files page's upload queue: pending files upload one at a time, each into the folder
 * it was added for; failures wait for retry or dismiss.
 */
export function useUploadQueue({
  uploader = uploadCompanyFile,
  maxBytes = DEFAULT_MAX_UPLOAD_BYTES,
  onUploaded,
  onFailed,
}: UseUploadQueueOptions = {}): UploadQueueApi {
  const [state, dispatch] = useReducer(uploadQueueReducer, EMPTY_QUEUE);
  const stateRef = useRef(state);
  stateRef.current = state;
  const callbacks = useRef({ onUploaded, onFailed });
  useEffect(() => {
    callbacks.current = { onUploaded, onFailed };
  }, [onUploaded, onFailed]);

  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const next = nextPending(state);
  useEffect(() => {
    if (!next || inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    dispatch({ type: 'activate', id: next.id });
    void uploader({
      file: next.file,
      folderId: next.folderId,
      description: next.description,
      signal: controller.signal,
      onProgress: (progress) => dispatch({ type: 'progress', id: next.id, progress }),
    }).then((result) => {
      if (inFlight.current === controller) inFlight.current = null;
      if (controller.signal.aborted) return;
      if (result.kind === 'ok') {
        dispatch({ type: 'complete', id: next.id, fileId: result.file.uuid });
        callbacks.current.onUploaded?.(next, result.file);
      } else if (result.kind === 'unauthorized') {
        dispatch({ type: 'fail', id: next.id, error: null });
        leaveForLogin('no_access');
      } else {
        const errors = result.kind === 'error' ? result.errors : [];
        dispatch({ type: 'fail', id: next.id, error: errors[0]?.message ?? null });
        callbacks.current.onFailed?.(next, errors);
      }
    });
  }, [next, uploader]);

  const add = useCallback<UploadQueueApi['add']>(
    (files, target, options = {}) => {
      const { rejected } = screenFiles(stateRef.current.items, files, maxBytes);
      dispatch({ type: 'add', files, folderId: target.id, folderName: target.name, maxBytes, start: options.start });
      return rejected;
    },
    [maxBytes],
  );
  const start = useCallback(() => dispatch({ type: 'start' }), []);
  const describe = useCallback((id: string, description: string) => dispatch({ type: 'describe', id, description }), []);
  const retry = useCallback((id: string) => dispatch({ type: 'retry', id }), []);
  const dismiss = useCallback((id: string) => dispatch({ type: 'dismiss', id }), []);
  const clearFinished = useCallback(() => dispatch({ type: 'clearFinished' }), []);

  const counts = useMemo(() => queueCounts(state), [state]);
  return {
    items: state.items,
    counts,
    uploading: isUploading(state),
    running: state.running,
    add,
    start,
    describe,
    retry,
    dismiss,
    clearFinished,
  };
}
