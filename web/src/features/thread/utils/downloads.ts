// Background downloads of a thread's exports (spec 000 §4, 001 §4): a requested thread
// PDF or attachment zip is polled until it is ready, then the file is downloaded, a
// success toast shows and the entry is removed; on error the entry is removed. The
// pending entries are kept in localStorage, so that polling resumes after a reload.

import { readPending, writePending, type DownloadKind, type KeyValueStorage, type PendingDownload } from './pendingDownloads';

export { hasPendingDownloads, readPending, STORAGE_KEY, writePending } from './pendingDownloads';
export type { DownloadKind, KeyValueStorage, PendingDownload } from './pendingDownloads';

/** Poll intervals (spec README: thread PDF 3000 ms, attachment zip 3000 ms). */
export const POLL_INTERVAL_MS: Record<DownloadKind, number> = { thread: 3000, attachment: 3000 };

export type DownloadCheck = { readonly state: 'pending' } | { readonly state: 'ready' } | { readonly state: 'failed'; readonly error?: string };

export interface DownloadPollerOptions {
  readonly storage: KeyValueStorage;
  /** Asks the server about one export. */
  readonly check: (download: PendingDownload) => Promise<DownloadCheck>;
  readonly onAdded?: (download: PendingDownload) => void;
  readonly onReady: (download: PendingDownload) => void;
  readonly onFailed: (download: PendingDownload, error?: string) => void;
  readonly intervals?: Record<DownloadKind, number>;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (timer: unknown) => void;
}

/**
 * Polls the pending downloads of each kind on its own interval while its list is not
 * empty, and stops when it is. One poller per page (see useBackgroundDownloads).
 */
export class DownloadPoller {
  private readonly timers = new Map<DownloadKind, unknown>();
  private readonly inFlight = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly options: DownloadPollerOptions) {
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  }

  pending(kind?: DownloadKind): PendingDownload[] {
    const kinds: DownloadKind[] = kind ? [kind] : ['thread', 'attachment'];
    return kinds.flatMap((k) => readPending(this.options.storage, k));
  }

  /** Starts polling what a previous page left pending (after a reload). */
  resume(): void {
    for (const kind of ['thread', 'attachment'] as const) {
      for (const d of this.pending(kind)) this.options.onAdded?.(d);
      this.schedule(kind);
    }
  }

  add(download: PendingDownload): void {
    const list = readPending(this.options.storage, download.kind).filter((d) => d.uuid !== download.uuid);
    writePending(this.options.storage, download.kind, [...list, download]);
    this.options.onAdded?.(download);
    this.notify();
    this.schedule(download.kind);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    for (const timer of this.timers.values()) this.clearTimer(timer);
    this.timers.clear();
  }

  /** One round for a kind: check every pending entry, then schedule the next round. */
  async poll(kind: DownloadKind): Promise<void> {
    this.timers.delete(kind);
    const list = readPending(this.options.storage, kind);
    await Promise.all(
      list.map(async (download) => {
        if (this.inFlight.has(download.uuid)) return;
        this.inFlight.add(download.uuid);
        try {
          const result = await this.options.check(download);
          if (result.state === 'pending') return;
          this.remove(download);
          if (result.state === 'ready') this.options.onReady(download);
          else this.options.onFailed(download, result.error);
        } catch {
          // a failed poll is tried again on the next round
        } finally {
          this.inFlight.delete(download.uuid);
        }
      }),
    );
    this.schedule(kind);
  }

  private remove(download: PendingDownload): void {
    const list = readPending(this.options.storage, download.kind).filter((d) => d.uuid !== download.uuid);
    writePending(this.options.storage, download.kind, list);
    this.notify();
  }

  private schedule(kind: DownloadKind): void {
    if (this.timers.has(kind)) return;
    if (readPending(this.options.storage, kind).length === 0) return;
    const interval = (this.options.intervals ?? POLL_INTERVAL_MS)[kind];
    this.timers.set(
      kind,
      this.setTimer(() => void this.poll(kind), interval),
    );
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** The address a ready export (or an attachment) is downloaded from. */
export const downloadUrl = (uuid: string): string => `/api/download/${encodeURIComponent(uuid)}`;
