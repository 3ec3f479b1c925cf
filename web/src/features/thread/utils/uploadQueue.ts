// The attachments panel's upload queue: files wait (pending), go up one at a time
// (active), and end completed or failed. A failed upload can be retried or dismissed;
// a file whose name is already in the queue is not added twice.

export type UploadState = 'pending' | 'active' | 'completed' | 'failed';

export interface UploadItem {
  readonly id: string;
  readonly file: File;
  readonly state: UploadState;
  /** 0..1 while active. */
  readonly progress: number;
  /** The server's error key or code when failed. */
  readonly error?: string;
}

export interface UploadQueue {
  readonly items: readonly UploadItem[];
}

export type UploadAction =
  | { readonly type: 'add'; readonly files: readonly File[]; readonly makeId: () => string }
  | { readonly type: 'start'; readonly id: string }
  | { readonly type: 'progress'; readonly id: string; readonly progress: number }
  | { readonly type: 'complete'; readonly id: string }
  | { readonly type: 'fail'; readonly id: string; readonly error?: string }
  /** The user stopped an upload: it leaves the queue silently. */
  | { readonly type: 'abort'; readonly id: string }
  | { readonly type: 'retry'; readonly id: string }
  | { readonly type: 'dismiss'; readonly id: string }
  /** Drops the completed entries. */
  | { readonly type: 'clearCompleted' };

export const emptyQueue: UploadQueue = { items: [] };

const update = (queue: UploadQueue, id: string, change: (item: UploadItem) => UploadItem | null): UploadQueue => ({
  items: queue.items.flatMap((item) => {
    if (item.id !== id) return [item];
    const next = change(item);
    return next ? [next] : [];
  }),
});

export function uploadQueueReducer(queue: UploadQueue, action: UploadAction): UploadQueue {
  switch (action.type) {
    case 'add': {
      const names = new Set(queue.items.filter((i) => i.state !== 'completed').map((i) => i.file.name));
      const added: UploadItem[] = [];
      for (const file of action.files) {
        if (names.has(file.name)) continue;
        names.add(file.name);
        added.push({ id: action.makeId(), file, state: 'pending', progress: 0 });
      }
      return added.length ? { items: [...queue.items, ...added] } : queue;
    }
    case 'start':
      if (queue.items.some((i) => i.state === 'active')) return queue;
      return update(queue, action.id, (i) => (i.state === 'pending' ? { ...i, state: 'active', progress: 0 } : i));
    case 'progress':
      return update(queue, action.id, (i) => (i.state === 'active' ? { ...i, progress: action.progress } : i));
    case 'complete':
      return update(queue, action.id, (i) => ({ ...i, state: 'completed', progress: 1, error: undefined }));
    case 'fail':
      return update(queue, action.id, (i) => ({ ...i, state: 'failed', error: action.error }));
    case 'abort':
      return update(queue, action.id, () => null);
    case 'retry':
      return update(queue, action.id, (i) => (i.state === 'failed' ? { ...i, state: 'pending', progress: 0, error: undefined } : i));
    case 'dismiss':
      return update(queue, action.id, (i) => (i.state === 'active' ? i : null));
    case 'clearCompleted':
      return { items: queue.items.filter((i) => i.state !== 'completed') };
  }
}

/** The upload to start now: none while one is active, else the oldest pending. */
export function nextUpload(queue: UploadQueue): UploadItem | null {
  if (queue.items.some((i) => i.state === 'active')) return null;
  return queue.items.find((i) => i.state === 'pending') ?? null;
}

/** Whether anything is waiting or going up. */
export const isUploading = (queue: UploadQueue): boolean =>
  queue.items.some((i) => i.state === 'pending' || i.state === 'active');
