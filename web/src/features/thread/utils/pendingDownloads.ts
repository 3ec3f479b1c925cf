// The pending exports kept in localStorage (downloads.ts polls them). Apart from the poller:
// the shell reads them at start-up (AppFrame), and a module the shell imports is in its first
// load whole (docs/decisions/0154-first-load-imports.md).

export type DownloadKind = 'thread' | 'attachment';

export interface PendingDownload {
  /** The export's uuid (pdfFile / inboxZipFile). */
  readonly uuid: string;
  readonly kind: DownloadKind;
  readonly companyId: string;
  readonly taskId: string;
  /** What the toasts name (the thread's title). */
  readonly label: string;
}

export const STORAGE_KEY: Record<DownloadKind, string> = {
  thread: 'portico.downloads.thread',
  attachment: 'portico.downloads.attachment',
};

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const isPending = (value: unknown): value is PendingDownload => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['uuid', 'kind', 'companyId', 'taskId', 'label'].every((k) => typeof v[k] === 'string');
};

export function readPending(storage: KeyValueStorage, kind: DownloadKind): PendingDownload[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(STORAGE_KEY[kind]) ?? '[]');
    return Array.isArray(value) ? value.filter(isPending).filter((d) => d.kind === kind) : [];
  } catch {
    return [];
  }
}

/** Whether a previous page left any export pending (read at start-up). */
export function hasPendingDownloads(storage: KeyValueStorage): boolean {
  return readPending(storage, 'thread').length > 0 || readPending(storage, 'attachment').length > 0;
}

export function writePending(storage: KeyValueStorage, kind: DownloadKind, list: readonly PendingDownload[]): void {
  try {
    if (list.length) storage.setItem(STORAGE_KEY[kind], JSON.stringify(list));
    else storage.removeItem(STORAGE_KEY[kind]);
  } catch {
    // storage full or blocked: polling still runs for this page's life
  }
}
