import { describe, expect, it } from 'vitest';
import { listEffectOf } from './useInboxRealtime';

const loaded = (id: string) => id === 't1' || id === 't2';

describe('listEffectOf', () => {
  it('reloads the list for changes that move threads or counters', () => {
    for (const key of ['inbox_thread.update', 'inbox_thread.change_due_date', 'inbox_thread.mark_as_read', 'inbox_message.create', 'reconnected']) {
      expect(listEffectOf({ key, data: { uuid: 't1' } }, loaded, null)).toEqual({ type: 'reload' });
    }
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
