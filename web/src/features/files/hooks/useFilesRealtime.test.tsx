import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_RECONNECTED, RealtimeHubProvider, createRealtimeHub, type RealtimeHub } from '../../../shared/realtime';
import { FILES_REALTIME_DEBOUNCE_MS, useFilesRealtime } from './useFilesRealtime';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup() {
  const hub = createRealtimeHub();
  const onFiles = vi.fn();
  const onFolders = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <RealtimeHubProvider hub={hub}>{children}</RealtimeHubProvider>;
  renderHook(() => useFilesRealtime({ onFiles, onFolders }), { wrapper });
  const emit = (key: string, data: Record<string, unknown> = {}) => act(() => hub.emit({ key, data, channel: 'c' }));
  const settle = () => act(() => vi.advanceTimersByTime(FILES_REALTIME_DEBOUNCE_MS));
  return { hub: hub as RealtimeHub, onFiles, onFolders, emit, settle };
}

describe('useFilesRealtime', () => {
  it('refreshes the files once for a burst of file events', () => {
    const { onFiles, onFolders, emit, settle } = setup();
    emit('company_file.create', { uuid: 'a', folderId: 'f' });
    emit('company_file.update', { uuids: ['a', 'b'], folderId: 'g' });
    expect(onFiles).not.toHaveBeenCalled();
    settle();
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFolders).not.toHaveBeenCalled();
  });

  it('refreshes the tree on folder events, and the files too when a folder is deleted', () => {
    const { onFiles, onFolders, emit, settle } = setup();
    emit('folder.create', { uuid: 'x', parentFolderId: 'p' });
    settle();
    expect(onFolders).toHaveBeenCalledTimes(1);
    expect(onFiles).not.toHaveBeenCalled();
    emit('folder.destroy', { uuid: 'x', parentFolderId: 'p' });
    settle();
    expect(onFolders).toHaveBeenCalledTimes(2);
    expect(onFiles).toHaveBeenCalledTimes(1);
  });

  it('ignores other events and refreshes everything after a reconnect', () => {
    const { onFiles, onFolders, emit, settle } = setup();
    emit('inbox_message.create', { uuid: 'm' });
    settle();
    expect(onFiles).not.toHaveBeenCalled();
    emit(REALTIME_RECONNECTED);
    settle();
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFolders).toHaveBeenCalledTimes(1);
  });
});
