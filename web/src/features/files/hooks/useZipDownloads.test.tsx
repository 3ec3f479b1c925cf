import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { CONTENT_ZIP_FILE } from '../graphql/contentZipFile';
import { DOWNLOAD_CONTENT_ZIP_FILE } from '../graphql/downloadContentZipFile';
import { browserDownload } from '../utils/browserDownload';
import { ZIP_DOWNLOADS_STORAGE_KEY, readZipDownloads } from '../utils/zipDownloads';
import { useZipDownloads } from './useZipDownloads';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['files']);
});
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const POLL_MS = 20;
const poll = (id: string, archivedAt: string | null, error: string | null = null): MockedResponse => ({
  request: { query: CONTENT_ZIP_FILE, variables: { companyId: 'acme', id } },
  result: { data: { contentZipFile: { __typename: 'ZipFile', uuid: id, archivedAt, error } } },
});
const wrapper =
  (mocks: MockedResponse[]) =>
  ({ children }: { children: ReactNode }) => <MockedProvider mocks={mocks}>{children}</MockedProvider>;

describe('useZipDownloads', { timeout: 30_000 }, () => {
  it('polls a zip left pending before a reload until it is archived, then downloads it and forgets it', async () => {
    window.localStorage.setItem(ZIP_DOWNLOADS_STORAGE_KEY, JSON.stringify([{ id: 'z1', companyId: 'acme' }]));
    const start = vi.spyOn(browserDownload, 'start').mockImplementation(() => {});
    const { result } = renderHook(() => useZipDownloads(POLL_MS), {
      wrapper: wrapper([poll('z1', null), poll('z1', '2026-01-01T10:00:00Z')]),
    });
    expect(result.current.pending).toEqual([{ id: 'z1', companyId: 'acme' }]);
    await waitFor(() => expect(start).toHaveBeenCalledWith('/api/download/z1'), { timeout: 10_000 });
    expect(start).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.pending).toEqual([]));
    expect(window.localStorage.getItem(ZIP_DOWNLOADS_STORAGE_KEY)).toBeNull();
  });

  it('drops a zip the server failed to make, without downloading', async () => {
    window.localStorage.setItem(ZIP_DOWNLOADS_STORAGE_KEY, JSON.stringify([{ id: 'z2', companyId: 'acme' }]));
    const start = vi.spyOn(browserDownload, 'start').mockImplementation(() => {});
    const { result } = renderHook(() => useZipDownloads(POLL_MS), {
      wrapper: wrapper([poll('z2', null, 'export failed')]),
    });
    await waitFor(() => expect(result.current.pending).toEqual([]), { timeout: 10_000 });
    expect(start).not.toHaveBeenCalled();
  });

  it('keeps a requested zip in storage while it is being made', async () => {
    const { result } = renderHook(() => useZipDownloads(60_000), {
      wrapper: wrapper([
        {
          request: { query: DOWNLOAD_CONTENT_ZIP_FILE, variables: { companyId: 'acme', folderId: 'folder-1', fileIds: null } },
          result: {
            data: {
              downloadContentZipFile: {
                __typename: 'ContentZipFilePayload',
                contentZipFile: { __typename: 'ZipFile', uuid: 'z3', archivedAt: null, error: null },
                errors: [],
              },
            },
          },
        },
      ]),
    });
    let started = false;
    await act(async () => {
      started = await result.current.requestZip({ companyId: 'acme', folderId: 'folder-1' });
    });
    expect(started).toBe(true);
    expect(result.current.pending).toEqual([{ id: 'z3', companyId: 'acme' }]);
    expect(readZipDownloads()).toEqual([{ id: 'z3', companyId: 'acme' }]);
  });
});
