import { useCallback, useMemo, useRef, useState } from 'react';
import {
  canRedo,
  canUndo,
  commitStep,
  createHistory,
  pushHistory,
  redoHistory,
  replacePresent,
  undoHistory,
  type History,
} from '../../canvas/history';
import type { WorkflowGraph } from '../../canvas/types';

type Update = (graph: WorkflowGraph) => WorkflowGraph;

export interface GraphHistory {
  readonly graph: WorkflowGraph;
  readonly dirty: boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** A change without an undo step: selection, sizes, a drag in progress. */
  readonly show: (update: Update) => void;
  /**
   * A change with an undo step. Edits with the same key in a row (typing into one field)
   * share one step.
   */
  readonly commit: (update: Update, key?: string) => void;
  readonly beginDrag: () => void;
  readonly endDrag: () => void;
  readonly undo: () => void;
  readonly redo: () => void;
  /** Starts over from a loaded or saved graph. */
  readonly reset: (graph: WorkflowGraph) => void;
  readonly markSaved: () => void;
}

/** The editor's graph with its undo/redo stack and whether it has unsaved changes. */
export function useGraphHistory(initial: WorkflowGraph): GraphHistory {
  const [history, setHistory] = useState<History<WorkflowGraph>>(() => createHistory(initial));
  const [dirty, setDirty] = useState(false);
  const lastKey = useRef<string | null>(null);
  const present = useRef(history.present);
  present.current = history.present;
  const dragOrigin = useRef<WorkflowGraph | null>(null);

  const show = useCallback((update: Update) => setHistory((h) => replacePresent(h, update(h.present))), []);
  const commit = useCallback((update: Update, key?: string) => {
    const same = key !== undefined && key === lastKey.current;
    lastKey.current = key ?? null;
    setHistory((h) => (same ? replacePresent(h, update(h.present)) : pushHistory(h, update(h.present))));
    setDirty(true);
  }, []);
  const beginDrag = useCallback(() => {
    dragOrigin.current = present.current;
  }, []);
  const endDrag = useCallback(() => {
    const origin = dragOrigin.current;
    dragOrigin.current = null;
    if (!origin) return;
    // by id, not a search per node: one drag's end stays linear in a 500-node workflow
    const before = new Map(origin.nodes.map((o) => [o.id, o.position]));
    const moved = present.current.nodes.some((n) => {
      const at = before.get(n.id);
      return at !== undefined && (at.x !== n.position.x || at.y !== n.position.y);
    });
    if (!moved) return;
    lastKey.current = null;
    setHistory((h) => commitStep(h, origin));
    setDirty(true);
  }, []);
  const undo = useCallback(() => {
    lastKey.current = null;
    setHistory(undoHistory);
    setDirty(true);
  }, []);
  const redo = useCallback(() => {
    lastKey.current = null;
    setHistory(redoHistory);
    setDirty(true);
  }, []);
  const reset = useCallback((graph: WorkflowGraph) => {
    lastKey.current = null;
    setHistory(createHistory(graph));
    setDirty(false);
  }, []);
  const markSaved = useCallback(() => setDirty(false), []);

  return useMemo(
    () => ({
      graph: history.present,
      dirty,
      canUndo: canUndo(history),
      canRedo: canRedo(history),
      show,
      commit,
      beginDrag,
      endDrag,
      undo,
      redo,
      reset,
      markSaved,
    }),
    [history, dirty, show, commit, beginDrag, endDrag, undo, redo, reset, markSaved],
  );
}
