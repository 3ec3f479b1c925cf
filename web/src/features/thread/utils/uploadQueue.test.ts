import { describe, expect, it } from 'vitest';
import { emptyQueue, isUploading, nextUpload, uploadQueueReducer, type UploadAction, type UploadQueue } from './uploadQueue';

const file = (name: string) => new File(['x'], name, { type: 'text/plain' });
let n = 0;
const makeId = () => `u${++n}`;
const run = (actions: UploadAction[], start: UploadQueue = emptyQueue) => actions.reduce(uploadQueueReducer, start);

describe('upload queue', () => {
  it('adds files once per name and uploads one at a time in order', () => {
    let q = run([{ type: 'add', files: [file('a.txt'), file('b.txt'), file('a.txt')], makeId }]);
    expect(q.items.map((i) => i.file.name)).toEqual(['a.txt', 'b.txt']);
    q = run([{ type: 'add', files: [file('b.txt'), file('c.txt')], makeId }], q);
    expect(q.items.map((i) => i.file.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);

    const first = nextUpload(q)!;
    expect(first.file.name).toBe('a.txt');
    q = run([{ type: 'start', id: first.id }], q);
    expect(nextUpload(q)).toBeNull();
    // a second start while one is active changes nothing
    const second = q.items[1]!;
    expect(run([{ type: 'start', id: second.id }], q)).toBe(q);
    q = run([{ type: 'progress', id: first.id, progress: 0.5 }, { type: 'complete', id: first.id }], q);
    expect(q.items[0]).toMatchObject({ state: 'completed', progress: 1 });
    expect(nextUpload(q)?.file.name).toBe('b.txt');
    expect(isUploading(q)).toBe(true);
  });

  it('retries or dismisses a failed upload; an aborted one leaves silently', () => {
    let q = run([{ type: 'add', files: [file('a.txt'), file('b.txt')], makeId }]);
    const [a, b] = q.items;
    q = run([{ type: 'start', id: a!.id }, { type: 'fail', id: a!.id, error: 'file_too_large' }], q);
    expect(q.items[0]).toMatchObject({ state: 'failed', error: 'file_too_large' });
    // the failed file's name still blocks a duplicate
    expect(run([{ type: 'add', files: [file('a.txt')], makeId }], q)).toBe(q);
    q = run([{ type: 'retry', id: a!.id }], q);
    expect(q.items[0]).toMatchObject({ state: 'pending', error: undefined });
    q = run([{ type: 'start', id: a!.id }, { type: 'fail', id: a!.id }, { type: 'dismiss', id: a!.id }], q);
    expect(q.items.map((i) => i.file.name)).toEqual(['b.txt']);
    q = run([{ type: 'start', id: b!.id }, { type: 'abort', id: b!.id }], q);
    expect(q.items).toEqual([]);
    expect(isUploading(q)).toBe(false);
  });

  it('lets a completed name be uploaded again and clears completed entries', () => {
    let q = run([{ type: 'add', files: [file('a.txt')], makeId }]);
    const a = q.items[0]!;
    q = run([{ type: 'start', id: a.id }, { type: 'complete', id: a.id }, { type: 'add', files: [file('a.txt')], makeId }], q);
    expect(q.items).toHaveLength(2);
    q = run([{ type: 'clearCompleted' }], q);
    expect(q.items.map((i) => i.state)).toEqual(['pending']);
  });
});
