import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CompanyFileFieldsFragment } from '../../../gql/graphql';
import type { UploadRequest, UploadResult } from '../utils/multipartUpload';
import { useUploadQueue } from './useUploadQueue';

const target = { id: 'folder-1', name: 'Invoices' };
const file = (name: string): File => new File(['content'], name);

const uploaded = (name: string): CompanyFileFieldsFragment => ({
  uuid: `uuid-${name}`,
  filename: name,
  description: null,
  extension: 'pdf',
  fileSize: 7,
  uploadedAt: '2026-01-01T10:00:00Z',
  uploaderActive: true,
  canUpdate: true,
  canDestroy: true,
  folder: { uuid: 'folder-1', name: 'Invoices' },
  uploader: { uuid: 'u', name: 'Anna', active: true },
});

/** An uploader whose answers the test releases one by one. */
function controlledUploader() {
  const calls: { request: UploadRequest; resolve: (r: UploadResult) => void }[] = [];
  const uploader = vi.fn(
    (request: UploadRequest) => new Promise<UploadResult>((resolve) => calls.push({ request, resolve })),
  );
  return { uploader, calls };
}

describe('useUploadQueue', () => {
  it('uploads one file at a time, in order, into the folder each was added for', async () => {
    const { uploader, calls } = controlledUploader();
    const onUploaded = vi.fn();
    const { result } = renderHook(() => useUploadQueue({ uploader, onUploaded }));

    act(() => {
      result.current.add([file('a.pdf'), file('b.pdf')], target, { start: true });
    });
    await waitFor(() => expect(uploader).toHaveBeenCalledTimes(1));
    expect(calls[0]!.request.file.name).toBe('a.pdf');
    expect(calls[0]!.request.folderId).toBe('folder-1');
    expect(result.current.items.map((i) => i.status)).toEqual(['active', 'pending']);
    expect(result.current.uploading).toBe(true);

    act(() => calls[0]!.request.onProgress?.(40));
    expect(result.current.items[0]!.progress).toBe(40);

    await act(async () => calls[0]!.resolve({ kind: 'ok', file: uploaded('a.pdf') }));
    await waitFor(() => expect(uploader).toHaveBeenCalledTimes(2));
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ name: 'a.pdf' }), uploaded('a.pdf'));
    expect(calls[1]!.request.file.name).toBe('b.pdf');

    await act(async () => calls[1]!.resolve({ kind: 'ok', file: uploaded('b.pdf') }));
    await waitFor(() => expect(result.current.uploading).toBe(false));
    expect(result.current.counts).toMatchObject({ completed: 2, total: 2 });
  });

  it('waits for start when files are picked in the modal, and sends their descriptions', async () => {
    const { uploader, calls } = controlledUploader();
    const { result } = renderHook(() => useUploadQueue({ uploader }));
    act(() => {
      result.current.add([file('a.pdf')], target);
    });
    act(() => result.current.describe(result.current.items[0]!.id, 'Signed'));
    expect(uploader).not.toHaveBeenCalled();
    act(() => result.current.start());
    await waitFor(() => expect(uploader).toHaveBeenCalledTimes(1));
    expect(calls[0]!.request.description).toBe('Signed');
  });

  it('reports a failure, and a retry sends the file again', async () => {
    const { uploader, calls } = controlledUploader();
    const onFailed = vi.fn();
    const { result } = renderHook(() => useUploadQueue({ uploader, onFailed }));
    act(() => {
      result.current.add([file('a.pdf')], target, { start: true });
    });
    await waitFor(() => expect(uploader).toHaveBeenCalledTimes(1));
    const errors = [{ code: 'VALIDATION_ERROR', message: 'file_too_large' }];
    await act(async () => calls[0]!.resolve({ kind: 'error', errors }));
    expect(result.current.items[0]).toMatchObject({ status: 'failed', error: 'file_too_large' });
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ name: 'a.pdf' }), errors);

    act(() => result.current.retry(result.current.items[0]!.id));
    await waitFor(() => expect(uploader).toHaveBeenCalledTimes(2));
    await act(async () => calls[1]!.resolve({ kind: 'ok', file: uploaded('a.pdf') }));
    expect(result.current.items[0]!.status).toBe('completed');
  });

  it('refuses duplicates and files over the limit, and returns them', () => {
    const { uploader } = controlledUploader();
    const { result } = renderHook(() => useUploadQueue({ uploader, maxBytes: 5 }));
    let rejected: ReturnType<typeof result.current.add> = [];
    act(() => {
      rejected = result.current.add([new File(['1234'], 'a.txt'), new File(['1234'], 'a.txt'), new File(['123456'], 'b.txt')], target);
    });
    expect(rejected).toEqual([
      { name: 'a.txt', reason: 'duplicate' },
      { name: 'b.txt', reason: 'too_large' },
    ]);
    expect(result.current.items.map((i) => i.name)).toEqual(['a.txt']);
  });

  it('dismisses a failed file without uploading it', async () => {
    const { uploader, calls } = controlledUploader();
    const { result } = renderHook(() => useUploadQueue({ uploader }));
    act(() => {
      result.current.add([file('a.pdf')], target, { start: true });
    });
    await waitFor(() => expect(uploader).toHaveBeenCalledTimes(1));
    await act(async () => calls[0]!.resolve({ kind: 'network' }));
    act(() => result.current.dismiss(result.current.items[0]!.id));
    expect(result.current.items).toEqual([]);
    expect(uploader).toHaveBeenCalledTimes(1);
  });
});
