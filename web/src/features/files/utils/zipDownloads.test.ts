import { describe, expect, it } from 'vitest';
import {
  ZIP_DOWNLOADS_STORAGE_KEY,
  downloadUrl,
  readZipDownloads,
  withZipDownload,
  withoutZipDownload,
  writeZipDownloads,
  zipPollOutcome,
} from './zipDownloads';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe('zip downloads', () => {
  it('reads what a poll answer means', () => {
    expect(zipPollOutcome({ archivedAt: null, error: null })).toBe('pending');
    expect(zipPollOutcome({ archivedAt: '2026-01-01T00:00:00Z', error: null })).toBe('ready');
    expect(zipPollOutcome({ archivedAt: null, error: 'boom' })).toBe('failed');
    expect(zipPollOutcome(null)).toBe('gone');
  });

  it('keeps the pending list in storage across reloads and drops it when empty', () => {
    const storage = memoryStorage();
    const list = withZipDownload(withZipDownload([], { id: 'z1', companyId: 'c1' }), { id: 'z1', companyId: 'c1' });
    expect(list).toHaveLength(1);
    writeZipDownloads(list, storage);
    expect(readZipDownloads(storage)).toEqual([{ id: 'z1', companyId: 'c1' }]);
    writeZipDownloads(withoutZipDownload(list, 'z1'), storage);
    expect(storage.data.has(ZIP_DOWNLOADS_STORAGE_KEY)).toBe(false);
  });

  it('ignores broken stored entries', () => {
    const storage = memoryStorage({ [ZIP_DOWNLOADS_STORAGE_KEY]: '[{"id":"z1","companyId":"c1"},{"id":3},"x"]' });
    expect(readZipDownloads(storage)).toEqual([{ id: 'z1', companyId: 'c1' }]);
    expect(readZipDownloads(memoryStorage({ [ZIP_DOWNLOADS_STORAGE_KEY]: '{' }))).toEqual([]);
  });

  it('builds the download address from the id', () => {
    expect(downloadUrl('a b')).toBe('/api/download/a%20b');
  });
});
