// The upload queue of the Files page (spec 002 §4): files wait as pending, one at a time
// becomes active, and ends completed or failed; a failed one can be retried or dismissed.
// Pure: a reducer and selectors, so that the rules are tested without a browser.

/** 100 MB per file by default (spec README), the server's own default. */
export const DEFAULT_MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export type UploadStatus = 'pending' | 'active' | 'completed' | 'failed';

export interface UploadItem {
  /** Queue-local id. */
  readonly id: string;
  readonly file: File;
  /** The name the file is uploaded under (the picked file's name). */
  readonly name: string;
  readonly size: number;
  /** The folder chosen when the file was added: it uploads there even if the user moves on. */
  readonly folderId: string;
  readonly folderName: string;
  readonly description: string;
  readonly status: UploadStatus;
  /** 0..100 while active. */
  readonly progress: number;
  /** The server's error message (catalogue key) or null for a network failure. */
  readonly error: string | null;
  /** The uploaded file's uuid once completed. */
  readonly fileId: string | null;
}

export interface UploadQueueState {
  readonly items: readonly UploadItem[];
  /** Pending files start only while running; the upload modal lets people add descriptions first. */
  readonly running: boolean;
  readonly nextId: number;
}

export const EMPTY_QUEUE: UploadQueueState = { items: [], running: false, nextId: 1 };

export type RejectReason = 'duplicate' | 'too_large' | 'empty';

export interface RejectedFile {
  readonly name: string;
  readonly reason: RejectReason;
}

export type UploadQueueAction =
  | {
      readonly type: 'add';
      readonly files: readonly File[];
      readonly folderId: string;
      readonly folderName: string;
      readonly maxBytes?: number;
      /** Start uploading at once (drag and drop onto the pane). */
      readonly start?: boolean;
    }
  | { readonly type: 'start' }
  | { readonly type: 'describe'; readonly id: string; readonly description: string }
  | { readonly type: 'activate'; readonly id: string }
  | { readonly type: 'progress'; readonly id: string; readonly progress: number }
  | { readonly type: 'complete'; readonly id: string; readonly fileId: string }
  | { readonly type: 'fail'; readonly id: string; readonly error: string | null }
  | { readonly type: 'retry'; readonly id: string }
  | { readonly type: 'dismiss'; readonly id: string }
  | { readonly type: 'clearFinished' };

/** Normalised name used to spot duplicates (case-insensitive, as most file systems are). */
const nameKey = (name: string): string => name.trim().toLocaleLowerCase();

/**
 * Splits picked files into those the queue takes and those it refuses: a name already in
 * the queue (or twice in the pick), a file over the size limit, an empty file.
 */
export function screenFiles(
  items: readonly Pick<UploadItem, 'name' | 'status'>[],
  files: readonly File[],
  maxBytes: number = DEFAULT_MAX_UPLOAD_BYTES,
): { accepted: File[]; rejected: RejectedFile[] } {
  const taken = new Set(items.filter((i) => i.status !== 'completed').map((i) => nameKey(i.name)));
  const accepted: File[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    const key = nameKey(file.name);
    if (taken.has(key)) rejected.push({ name: file.name, reason: 'duplicate' });
    else if (file.size > maxBytes) rejected.push({ name: file.name, reason: 'too_large' });
    else if (file.size === 0) rejected.push({ name: file.name, reason: 'empty' });
    else {
      taken.add(key);
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}

const update = (state: UploadQueueState, id: string, change: (item: UploadItem) => UploadItem): UploadQueueState => ({
  ...state,
  items: state.items.map((item) => (item.id === id ? change(item) : item)),
});

/** A queue with nothing left to do stops, so that the next pick waits for its descriptions. */
function settle(state: UploadQueueState): UploadQueueState {
  if (!state.running || state.items.some((i) => i.status === 'pending' || i.status === 'active')) return state;
  return { ...state, running: false };
}

export function uploadQueueReducer(state: UploadQueueState, action: UploadQueueAction): UploadQueueState {
  switch (action.type) {
    case 'add': {
      // Completed entries of the same name give way to the new pick.
      const { accepted } = screenFiles(state.items, action.files, action.maxBytes);
      if (accepted.length === 0) return action.start ? { ...state, running: true } : state;
      const names = new Set(accepted.map((f) => nameKey(f.name)));
      const kept = state.items.filter((i) => !(i.status === 'completed' && names.has(nameKey(i.name))));
      let nextId = state.nextId;
      const added = accepted.map<UploadItem>((file) => ({
        id: `upload-${nextId++}`,
        file,
        name: file.name,
        size: file.size,
        folderId: action.folderId,
        folderName: action.folderName,
        description: '',
        status: 'pending',
        progress: 0,
        error: null,
        fileId: null,
      }));
      return { items: [...kept, ...added], nextId, running: state.running || Boolean(action.start) };
    }
    case 'start':
      return state.running ? state : { ...state, running: true };
    case 'describe':
      return update(state, action.id, (item) =>
        item.status === 'pending' || item.status === 'failed' ? { ...item, description: action.description } : item,
      );
    case 'activate':
      // Only one at a time, and only a pending one.
      if (activeItem(state)) return state;
      return update(state, action.id, (item) =>
        item.status === 'pending' ? { ...item, status: 'active', progress: 0, error: null } : item,
      );
    case 'progress':
      return update(state, action.id, (item) =>
        item.status === 'active' ? { ...item, progress: Math.max(0, Math.min(100, Math.round(action.progress))) } : item,
      );
    case 'complete':
      return settle(
        update(state, action.id, (item) =>
          item.status === 'active' ? { ...item, status: 'completed', progress: 100, fileId: action.fileId } : item,
        ),
      );
    case 'fail':
      return settle(
        update(state, action.id, (item) =>
          item.status === 'active' ? { ...item, status: 'failed', progress: 0, error: action.error } : item,
        ),
      );
    case 'retry': {
      const next = update(state, action.id, (item) =>
        item.status === 'failed' ? { ...item, status: 'pending', error: null } : item,
      );
      return next === state ? state : { ...next, running: true };
    }
    case 'dismiss': {
      const items = state.items.filter((i) => !(i.id === action.id && i.status !== 'active'));
      if (items.length === state.items.length) return state;
      return settle({ ...state, items });
    }
    case 'clearFinished': {
      const items = state.items.filter((i) => i.status !== 'completed');
      return items.length === state.items.length ? state : { ...state, items };
    }
  }
}

export function activeItem(state: UploadQueueState): UploadItem | undefined {
  return state.items.find((i) => i.status === 'active');
}

/** The next file to upload: the oldest pending one, when the queue runs and nothing is active. */
export function nextPending(state: UploadQueueState): UploadItem | undefined {
  if (!state.running || activeItem(state)) return undefined;
  return state.items.find((i) => i.status === 'pending');
}

/** Something is uploading or waiting to: changing folder asks first. */
export function isUploading(state: UploadQueueState): boolean {
  return state.running && state.items.some((i) => i.status === 'pending' || i.status === 'active');
}

export interface QueueCounts {
  readonly pending: number;
  readonly active: number;
  readonly completed: number;
  readonly failed: number;
  readonly total: number;
}

export function queueCounts(state: UploadQueueState): QueueCounts {
  const counts = { pending: 0, active: 0, completed: 0, failed: 0, total: state.items.length };
  for (const item of state.items) counts[item.status] += 1;
  return counts;
}
