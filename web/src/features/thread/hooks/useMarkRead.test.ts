import { describe, expect, it } from 'vitest';
import { createReadQueue } from './useMarkRead';

describe('createReadQueue', () => {
  it('sends one read request at a time and only the newest of those that waited', async () => {
    const sent: (string | null)[] = [];
    const pending: (() => void)[] = [];
    const read = createReadQueue(
      (id) =>
        new Promise<void>((resolve) => {
          sent.push(id);
          pending.push(resolve);
        }),
    );
    read('a1');
    read('a2');
    read('a3');
    expect(sent).toEqual(['a1']);
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(['a1', 'a3']);
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(['a1', 'a3']);
  });

  it('goes on after a failed request', async () => {
    const sent: (string | null)[] = [];
    let fail = true;
    const read = createReadQueue(async (id) => {
      sent.push(id);
      if (fail) {
        fail = false;
        throw new Error('offline');
      }
    });
    read(null);
    await new Promise((r) => setTimeout(r, 0));
    read('a2');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([null, 'a2']);
  });
});
