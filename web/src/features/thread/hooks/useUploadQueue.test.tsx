import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UploadAbortedError } from '../utils/multipartUpload';
import { attachmentOf } from '../utils/testActivities';
import { UploadRefusedError, useUploadQueue, type UploadFn } from './useUploadQueue';

const file = (name: string) => new File(['x'], name);

/** An upload function the test finishes by hand. */
function manualUploads() {
  const calls: { name: string; resolve: () => void; reject: (e: unknown) => void; signal?: AbortSignal }[] = [];
  const upload: UploadFn = (_taskId, f, options) =>
    new Promise((resolve, reject) => {
      const call = { name: f.name, resolve: () => resolve(attachmentOf({ filename: f.name })), reject, signal: options.signal };
      options.signal?.addEventListener('abort', () => reject(new UploadAbortedError()));
      calls.push(call);
    });
  return { calls, upload };
}

describe('useUploadQueue', () => {
  it('uploads one file at a time, in order, and reports each', async () => {
    const { calls, upload } = manualUploads();
    const onUploaded = vi.fn();
    const onFailed = vi.fn();
    const { result } = renderHook(() => useUploadQueue('t1', { onUploaded, onFailed }, upload));
    act(() => result.current.add([file('a.pdf'), file('b.pdf'), file('a.pdf')]));
    await waitFor(() => expect(calls.map((c) => c.name)).toEqual(['a.pdf']));
    expect(result.current.queue.items.map((i) => i.state)).toEqual(['active', 'pending']);
    await act(async () => calls[0]!.resolve());
    await waitFor(() => expect(calls.map((c) => c.name)).toEqual(['a.pdf', 'b.pdf']));
    expect(onUploaded).toHaveBeenCalledTimes(1);
    await act(async () => calls[1]!.reject(new UploadRefusedError('file_too_large')));
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ file: expect.any(File) }), 'file_too_large'));
    expect(result.current.queue.items.map((i) => i.state)).toEqual(['completed', 'failed']);

    // Retry sends it again.
    const failed = result.current.queue.items[1]!;
    act(() => result.current.retry(failed.id));
    await waitFor(() => expect(calls).toHaveLength(3));
    await act(async () => calls[2]!.resolve());
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(2));
  });

  it('stops an upload the user cancels, silently', async () => {
    const { calls, upload } = manualUploads();
    const onFailed = vi.fn();
    const { result } = renderHook(() => useUploadQueue('t1', { onUploaded: vi.fn(), onFailed }, upload));
    act(() => result.current.add([file('big.zip')]));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => result.current.cancel(result.current.queue.items[0]!.id));
    await waitFor(() => expect(result.current.queue.items).toEqual([]));
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(onFailed).not.toHaveBeenCalled();
  });
});
