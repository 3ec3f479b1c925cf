import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, commitStep, createHistory, pushHistory, redoHistory, replacePresent, undoHistory } from './history';

describe('history', () => {
  it('undoes and redoes steps in order', () => {
    let h = createHistory('a');
    h = pushHistory(h, 'b');
    h = pushHistory(h, 'c');
    expect(canUndo(h)).toBe(true);
    h = undoHistory(h);
    expect(h.present).toBe('b');
    h = undoHistory(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undoHistory(h)).toBe(h);
    h = redoHistory(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
  });

  it('drops the redo branch on a new step', () => {
    let h = pushHistory(pushHistory(createHistory(1), 2), 3);
    h = undoHistory(h);
    h = pushHistory(h, 4);
    expect(canRedo(h)).toBe(false);
    expect(redoHistory(h)).toBe(h);
    expect(h.past).toEqual([1, 2]);
  });

  it('keeps at most the limit of steps', () => {
    let h = createHistory(0);
    for (let i = 1; i <= 5; i += 1) h = pushHistory(h, i, 3);
    expect(h.past).toEqual([2, 3, 4]);
  });

  it('replaces the present without an undo step', () => {
    const h = replacePresent(pushHistory(createHistory('a'), 'b'), 'b2');
    expect(h.present).toBe('b2');
    expect(undoHistory(h).present).toBe('a');
  });

  it('records a finished drag as one step', () => {
    let h = createHistory({ x: 0 });
    const before = h.present;
    h = replacePresent(h, { x: 5 });
    h = replacePresent(h, { x: 9 });
    h = commitStep(h, before);
    expect(undoHistory(h).present).toEqual({ x: 0 });
    expect(redoHistory(undoHistory(h)).present).toEqual({ x: 9 });
  });
});
