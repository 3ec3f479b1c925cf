import { describe, expect, it } from 'vitest';
import {
  EMPTY_QUEUE,
  activeItem,
  isUploading,
  nextPending,
  queueCounts,
  screenFiles,
  uploadQueueReducer,
  type UploadQueueAction,
  type UploadQueueState,
} from './uploadQueue';

const file = (name: string, size = 10): File => new File(['x'.repeat(size)], name);
const run = (actions: UploadQueueAction[], state: UploadQueueState = EMPTY_QUEUE): UploadQueueState =>
  actions.reduce(uploadQueueReducer, state);
const add = (files: File[], extra: Partial<Extract<UploadQueueAction, { type: 'add' }>> = {}): UploadQueueAction => ({
  type: 'add',
  files,
  folderId: 'f1',
  folderName: 'Invoices',
  ...extra,
});

describe('screenFiles', () => {
  it('refuses names already waiting in the queue, case-insensitively, and repeats within one pick', () => {
    const items = [{ name: 'a.pdf', status: 'pending' as const }];
    const { accepted, rejected } = screenFiles(items, [file('A.pdf'), file('b.pdf'), file('b.pdf')]);
    expect(accepted.map((f) => f.name)).toEqual(['b.pdf']);
    expect(rejected).toEqual([
      { name: 'A.pdf', reason: 'duplicate' },
      { name: 'b.pdf', reason: 'duplicate' },
    ]);
  });

  it('lets a completed name be picked again', () => {
    const { accepted } = screenFiles([{ name: 'a.pdf', status: 'completed' }], [file('a.pdf')]);
    expect(accepted).toHaveLength(1);
  });

  it('refuses files over the size limit and empty files', () => {
    const { accepted, rejected } = screenFiles([], [file('big.bin', 11), file('ok.bin', 10), file('empty.txt', 0)], 10);
    expect(accepted.map((f) => f.name)).toEqual(['ok.bin']);
    expect(rejected).toEqual([
      { name: 'big.bin', reason: 'too_large' },
      { name: 'empty.txt', reason: 'empty' },
    ]);
  });
});

describe('uploadQueueReducer', () => {
  it('queues picked files as pending without starting, for descriptions to be added', () => {
    const state = run([add([file('a.pdf'), file('b.pdf')])]);
    expect(state.items.map((i) => [i.name, i.status, i.folderId])).toEqual([
      ['a.pdf', 'pending', 'f1'],
      ['b.pdf', 'pending', 'f1'],
    ]);
    expect(state.running).toBe(false);
    expect(nextPending(state)).toBeUndefined();
    expect(isUploading(state)).toBe(false);
  });

  it('starts at once for dropped files and hands out one file at a time, oldest first', () => {
    let state = run([add([file('a.pdf'), file('b.pdf')], { start: true })]);
    const first = nextPending(state);
    expect(first?.name).toBe('a.pdf');
    state = run([{ type: 'activate', id: first!.id }], state);
    expect(activeItem(state)?.name).toBe('a.pdf');
    expect(nextPending(state)).toBeUndefined();
    // A second activation while one is active changes nothing.
    const second = state.items[1]!;
    expect(run([{ type: 'activate', id: second.id }], state)).toBe(state);
    state = run([{ type: 'complete', id: first!.id, fileId: 'uuid-a' }], state);
    expect(state.items[0]).toMatchObject({ status: 'completed', fileId: 'uuid-a', progress: 100 });
    expect(nextPending(state)?.name).toBe('b.pdf');
    expect(isUploading(state)).toBe(true);
  });

  it('keeps descriptions of waiting files and uploads them with the file', () => {
    let state = run([add([file('a.pdf')])]);
    const id = state.items[0]!.id;
    state = run([{ type: 'describe', id, description: 'Signed copy' }, { type: 'start' }], state);
    expect(nextPending(state)?.description).toBe('Signed copy');
  });

  it('clamps progress and ignores it for files that are not active', () => {
    let state = run([add([file('a.pdf')], { start: true })]);
    const id = state.items[0]!.id;
    expect(run([{ type: 'progress', id, progress: 50 }], state)).toEqual(state);
    state = run([{ type: 'activate', id }, { type: 'progress', id, progress: 140.2 }], state);
    expect(state.items[0]!.progress).toBe(100);
  });

  it('stops when the last file is done, so that the next pick waits again', () => {
    let state = run([add([file('a.pdf')], { start: true })]);
    const id = state.items[0]!.id;
    state = run([{ type: 'activate', id }, { type: 'complete', id, fileId: 'x' }], state);
    expect(state.running).toBe(false);
    state = run([add([file('b.pdf')])], state);
    expect(nextPending(state)).toBeUndefined();
  });

  it('marks a failure, retries it as pending and runs again', () => {
    let state = run([add([file('a.pdf')], { start: true })]);
    const id = state.items[0]!.id;
    state = run([{ type: 'activate', id }, { type: 'fail', id, error: 'file_too_large' }], state);
    expect(state.items[0]).toMatchObject({ status: 'failed', error: 'file_too_large' });
    expect(state.running).toBe(false);
    expect(queueCounts(state)).toEqual({ pending: 0, active: 0, completed: 0, failed: 1, total: 1 });
    state = run([{ type: 'retry', id }], state);
    expect(state.items[0]).toMatchObject({ status: 'pending', error: null });
    expect(nextPending(state)?.id).toBe(id);
  });

  it('dismisses waiting and failed files but never the active one', () => {
    let state = run([add([file('a.pdf'), file('b.pdf')], { start: true })]);
    const [a, b] = state.items;
    state = run([{ type: 'activate', id: a!.id }], state);
    expect(run([{ type: 'dismiss', id: a!.id }], state)).toBe(state);
    state = run([{ type: 'dismiss', id: b!.id }], state);
    expect(state.items.map((i) => i.name)).toEqual(['a.pdf']);
  });

  it('does not add a name twice, and a completed one is replaced by the new pick', () => {
    let state = run([add([file('a.pdf')], { start: true })]);
    const id = state.items[0]!.id;
    state = run([add([file('a.pdf')])], state);
    expect(state.items).toHaveLength(1);
    state = run([{ type: 'activate', id }, { type: 'complete', id, fileId: 'x' }, add([file('a.pdf')])], state);
    expect(state.items.map((i) => i.status)).toEqual(['pending']);
  });

  it('clears finished files only', () => {
    let state = run([add([file('a.pdf'), file('b.pdf')], { start: true })]);
    const id = state.items[0]!.id;
    state = run([{ type: 'activate', id }, { type: 'complete', id, fileId: 'x' }, { type: 'clearFinished' }], state);
    expect(state.items.map((i) => i.name)).toEqual(['b.pdf']);
  });
});
