// Background downloads of shared-files zips (spec 000 §4): each requested zip waits in a
// list kept in local storage (so a reload keeps it), is polled every 4000 ms until the
// server archived it or gave up, then downloads and leaves the list.

export const ZIP_POLL_INTERVAL_MS = 4000;
export const ZIP_DOWNLOADS_STORAGE_KEY = 'portico.downloads.shared_file';

export interface ZipDownload {
  readonly id: string;
  readonly companyId: string;
}

export type ZipPollOutcome = 'pending' | 'ready' | 'failed' | 'gone';

/** What one poll answer means for its entry. */
export function zipPollOutcome(zip: { archivedAt: string | null; error: string | null } | null | undefined): ZipPollOutcome {
  if (!zip) return 'gone';
  if (zip.error) return 'failed';
  if (zip.archivedAt) return 'ready';
  return 'pending';
}

function isEntry(value: unknown): value is ZipDownload {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v['id'] === 'string' && typeof v['companyId'] === 'string' && v['id'] !== '' && v['companyId'] !== '';
}

/** The stored list; anything unreadable counts as empty. */
export function readZipDownloads(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ZipDownload[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(ZIP_DOWNLOADS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).map(({ id, companyId }) => ({ id, companyId })) : [];
  } catch {
    return [];
  }
}

export function writeZipDownloads(
  list: readonly ZipDownload[],
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage,
): void {
  try {
    if (list.length === 0) storage?.removeItem(ZIP_DOWNLOADS_STORAGE_KEY);
    else storage?.setItem(ZIP_DOWNLOADS_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Private mode or a full storage: the download still runs in this page.
  }
}

export function withZipDownload(list: readonly ZipDownload[], entry: ZipDownload): ZipDownload[] {
  return list.some((e) => e.id === entry.id) ? [...list] : [...list, entry];
}

export function withoutZipDownload(list: readonly ZipDownload[], id: string): ZipDownload[] {
  return list.filter((e) => e.id !== id);
}

/** The address a file or a finished export downloads from. */
export const downloadUrl = (id: string): string => `/api/download/${encodeURIComponent(id)}`;
