import { describe, expect, it, vi } from 'vitest';
import { DownloadPoller, POLL_INTERVAL_MS, STORAGE_KEY, readPending, type DownloadCheck, type PendingDownload } from './downloads';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const pdf = (uuid: string): PendingDownload => ({ uuid, kind: 'thread', companyId: 'acme', taskId: 't1', label: 'Thread' });

function setup(answers: Record<string, DownloadCheck[]>) {
  const storage = new MemoryStorage();
  const timers: { fn: () => void; ms: number }[] = [];
  const onReady = vi.fn();
  const onFailed = vi.fn();
  const check = vi.fn(async (d: PendingDownload) => answers[d.uuid]?.shift() ?? { state: 'pending' as const });
  const poller = new DownloadPoller({
    storage,
    check,
    onReady,
    onFailed,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
  });
  /** Runs the due timer and waits for its round. */
  const tick = async () => {
    const timer = timers.shift();
    if (!timer) throw new Error('nothing scheduled');
    timer.fn();
    await vi.waitFor(() => expect(check).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    return timer.ms;
  };
  return { storage, timers, poller, onReady, onFailed, check, tick };
}

describe('DownloadPoller', () => {
  it('polls a thread PDF every 3000 ms until ready, then downloads it and stops', async () => {
    const t = setup({ p1: [{ state: 'pending' }, { state: 'ready' }] });
    t.poller.add(pdf('p1'));
    expect(readPending(t.storage, 'thread')).toHaveLength(1);
    expect(t.timers).toHaveLength(1);
    expect(await t.tick()).toBe(POLL_INTERVAL_MS.thread);
    expect(t.onReady).not.toHaveBeenCalled();
    expect(await t.tick()).toBe(3000);
    expect(t.onReady).toHaveBeenCalledWith(pdf('p1'));
    expect(readPending(t.storage, 'thread')).toEqual([]);
    expect(t.storage.getItem(STORAGE_KEY.thread)).toBeNull();
    expect(t.timers).toHaveLength(0);
  });

  it('removes a failed export and reports it', async () => {
    const t = setup({ p1: [{ state: 'failed', error: 'boom' }] });
    t.poller.add(pdf('p1'));
    await t.tick();
    expect(t.onFailed).toHaveBeenCalledWith(pdf('p1'), 'boom');
    expect(t.timers).toHaveLength(0);
  });

  it('resumes what a previous page left pending', async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY.attachment, JSON.stringify([{ ...pdf('z1'), kind: 'attachment' }, { junk: true }]));
    const onReady = vi.fn();
    const timers: (() => void)[] = [];
    const poller = new DownloadPoller({
      storage,
      check: async () => ({ state: 'ready' }),
      onReady,
      onFailed: vi.fn(),
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => {},
    });
    expect(poller.pending('attachment').map((d) => d.uuid)).toEqual(['z1']);
    poller.resume();
    expect(timers).toHaveLength(1);
    timers.shift()!();
    await vi.waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
  });

  it('keeps polling after a failed request', async () => {
    const t = setup({});
    t.check.mockRejectedValueOnce(new Error('network'));
    t.poller.add(pdf('p1'));
    await t.tick();
    expect(readPending(t.storage, 'thread')).toHaveLength(1);
    expect(t.timers).toHaveLength(1);
  });
});
