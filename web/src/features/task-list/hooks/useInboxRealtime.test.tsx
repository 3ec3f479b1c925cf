import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeHub } from '../../../shared/realtime/realtimeHub';
import { RealtimeHubProvider } from '../../../shared/realtime/RealtimeProvider';
import { listEffectOf, useInboxRealtime } from './useInboxRealtime';

const loaded = (id: string) => id === 't1' || id === 't2';

describe('listEffectOf', () => {
  it('reloads the list for changes that move threads or counters', () => {
    for (const key of ['inbox_thread.update', 'inbox_thread.change_due_date', 'inbox_thread.mark_as_read', 'reconnected']) {
      expect(listEffectOf({ key, data: { uuid: 't1' } }, loaded, null)).toEqual({ type: 'reload' });
    }
  });

  it('applies a new message to a loaded thread, the open one too, and reloads for one not loaded', () => {
    const message = (taskId: string) => ({ key: 'inbox_message.create', data: { uuid: 'm1', activityId: 'a1', taskId } });
    expect(listEffectOf(message('t2'), loaded, null)).toEqual({ type: 'message', taskId: 't2' });
    expect(listEffectOf(message('t1'), loaded, 't1')).toEqual({ type: 'message', taskId: 't1' });
    expect(listEffectOf(message('t9'), loaded, null)).toEqual({ type: 'reload' });
    expect(listEffectOf({ key: 'inbox_message.create', data: { uuid: 'm1' } }, loaded, null)).toEqual({ type: 'reload' });
  });

  it('refreshes just the card of a loaded thread whose priority changed', () => {
    expect(listEffectOf({ key: 'inbox_thread.change_priority', data: { uuid: 't2' } }, loaded, 't1')).toEqual({ type: 'thread', id: 't2' });
  });

  it('leaves the open thread to its pane and ignores threads not loaded', () => {
    expect(listEffectOf({ key: 'inbox_thread.change_priority', data: { uuid: 't1' } }, loaded, 't1')).toEqual({ type: 'none' });
    expect(listEffectOf({ key: 'inbox_thread.change_priority', data: { uuid: 't9' } }, loaded, null)).toEqual({ type: 'none' });
  });

  it('reloads when the event names no thread', () => {
    expect(listEffectOf({ key: 'inbox_thread.change_priority', data: {} }, loaded, null)).toEqual({ type: 'reload' });
  });
});

describe('useInboxRealtime', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function listen(applyMessage: (taskId: string) => boolean) {
    const hub = createRealtimeHub();
    const reload = vi.fn();
    const refreshThread = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => <RealtimeHubProvider hub={hub}>{children}</RealtimeHubProvider>;
    renderHook(() => useInboxRealtime({ reload, refreshThread, applyMessage, loaded, openId: null }), { wrapper });
    const message = (taskId: string) => {
      act(() => hub.emit({ channel: 'c', key: 'inbox_message.create', data: { uuid: 'm1', activityId: 'a1', taskId } }));
      act(() => vi.runAllTimers());
    };
    return { reload, message };
  }

  it('does not reload the list for a message applied to its card', () => {
    const applyMessage = vi.fn(() => true);
    const { reload, message } = listen(applyMessage);
    message('t1');
    expect(applyMessage).toHaveBeenCalledWith('t1', { uuid: 'm1', activityId: 'a1', taskId: 't1' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the list when the message cannot be applied, or is for a thread not loaded', () => {
    const { reload, message } = listen(() => false);
    message('t1');
    expect(reload).toHaveBeenCalledTimes(1);
    const other = listen(() => true);
    other.message('t9');
    expect(other.reload).toHaveBeenCalledTimes(1);
  });
});
