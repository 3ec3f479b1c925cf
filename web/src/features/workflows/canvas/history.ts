// An undo/redo stack of snapshots: a step is pushed before each change a person makes
// (a drop, a move's end, an edit), so undo returns to what was on screen before it.

export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
}

export const HISTORY_LIMIT = 100;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** Records a new present; the old one becomes undoable and the redo branch is dropped. */
export function pushHistory<T>(h: History<T>, next: T, limit = HISTORY_LIMIT): History<T> {
  if (Object.is(next, h.present)) return h;
  const past = [...h.past, h.present];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, present: next, future: [] };
}

/** Replaces the present without an undo step (a selection, a drag in progress). */
export function replacePresent<T>(h: History<T>, next: T): History<T> {
  return Object.is(next, h.present) ? h : { ...h, present: next };
}

export function undoHistory<T>(h: History<T>): History<T> {
  const previous = h.past[h.past.length - 1];
  if (h.past.length === 0) return h;
  return { past: h.past.slice(0, -1), present: previous as T, future: [h.present, ...h.future] };
}

export function redoHistory<T>(h: History<T>): History<T> {
  if (h.future.length === 0) return h;
  const [next, ...future] = h.future;
  return { past: [...h.past, h.present], present: next as T, future };
}

export const canUndo = <T>(h: History<T>): boolean => h.past.length > 0;
export const canRedo = <T>(h: History<T>): boolean => h.future.length > 0;

/** Records `before` as the undo step of a change already shown (a finished drag). */
export function commitStep<T>(h: History<T>, before: T, limit = HISTORY_LIMIT): History<T> {
  const past = [...h.past, before];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, present: h.present, future: [] };
}
