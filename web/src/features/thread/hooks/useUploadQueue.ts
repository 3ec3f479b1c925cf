import { useCallback, useEffect, useReducer, useRef } from 'react';
import { CREATE_ATTACHMENT } from '../graphql/createAttachment';
import { UploadAbortedError, sendMultipart, type MultipartOptions } from '../utils/multipartUpload';
import { emptyQueue, nextUpload, uploadQueueReducer, type UploadItem, type UploadQueue } from '../utils/uploadQueue';
import type { ThreadAttachment } from '../utils/types';

interface AttachmentAnswer {
  createAttachment?: {
    attachment: ThreadAttachment | null;
    errors: { code: string; message: string }[];
  } | null;
}

/** Uploads one file as createAttachment; resolves the attachment or throws the server's key. */
export type UploadFn = (
  taskId: string,
  file: File,
  options: Pick<MultipartOptions, 'onProgress' | 'signal'>,
) => Promise<ThreadAttachment>;

export class UploadRefusedError extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = 'UploadRefusedError';
  }
}

export const uploadAttachment: UploadFn = async (taskId, file, options) => {
  const answer = await sendMultipart<AttachmentAnswer>(
    CREATE_ATTACHMENT,
    { taskId, content: null },
    [{ path: 'variables.content', file }],
    options,
  );
  const payload = answer.data?.createAttachment;
  const error = payload?.errors[0] ?? answer.errors?.[0];
  if (error) throw new UploadRefusedError(error.message);
  if (!payload?.attachment) throw new UploadRefusedError('unexpected_error');
  return payload.attachment;
};

export interface UploadQueueCallbacks {
  readonly onUploaded: (item: UploadItem, attachment: ThreadAttachment) => void;
  readonly onFailed: (item: UploadItem, error: string) => void;
}

let ids = 0;
const makeId = () => `upload-${Date.now()}-${++ids}`;

/** The attachments panel's queue: add files, and they go up one at a time. */
export function useUploadQueue(taskId: string, callbacks: UploadQueueCallbacks, upload: UploadFn = uploadAttachment) {
  const [queue, dispatch] = useReducer(uploadQueueReducer, emptyQueue);
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const item = nextUpload(queue);
    // An effect may run twice for one queue state (StrictMode): start each attempt once.
    if (!item || controllers.current.has(item.id)) return;
    dispatch({ type: 'start', id: item.id });
    const controller = new AbortController();
    controllers.current.set(item.id, controller);
    upload(taskId, item.file, {
      signal: controller.signal,
      onProgress: (progress) => dispatch({ type: 'progress', id: item.id, progress }),
    }).then(
      (attachment) => {
        dispatch({ type: 'complete', id: item.id });
        callbacksRef.current.onUploaded(item, attachment);
      },
      (error: unknown) => {
        if (error instanceof UploadAbortedError) {
          dispatch({ type: 'abort', id: item.id });
          return;
        }
        const key = error instanceof UploadRefusedError ? error.key : 'unexpected_error';
        dispatch({ type: 'fail', id: item.id, error: key });
        callbacksRef.current.onFailed(item, key);
      },
    ).finally(() => controllers.current.delete(item.id));
  }, [queue, taskId, upload]);

  // Leaving the thread stops what is going up.
  useEffect(() => {
    const current = controllers.current;
    return () => {
      for (const controller of current.values()) controller.abort();
    };
  }, [taskId]);

  return {
    queue: queue as UploadQueue,
    add: useCallback((files: readonly File[]) => dispatch({ type: 'add', files, makeId }), []),
    retry: useCallback((id: string) => dispatch({ type: 'retry', id }), []),
    dismiss: useCallback((id: string) => dispatch({ type: 'dismiss', id }), []),
    cancel: useCallback((id: string) => {
      const controller = controllers.current.get(id);
      if (controller) controller.abort();
      else dispatch({ type: 'dismiss', id });
    }, []),
    clearCompleted: useCallback(() => dispatch({ type: 'clearCompleted' }), []),
  };
}
