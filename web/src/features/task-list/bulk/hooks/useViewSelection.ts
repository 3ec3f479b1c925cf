import { useCallback, useMemo, useState } from 'react';
import {
  EMPTY_SELECTION,
  isSelected as selectionHas,
  selectAllMatching as allMatching,
  selectionIn,
  selectVisible as visible,
  toggleOne,
  type ScopedSelection,
  type Selection,
} from '../selection';

export interface ViewSelection {
  readonly selection: Selection;
  readonly isSelected: (id: string) => boolean;
  /** Ticks or unticks one thread. */
  readonly toggle: (id: string) => void;
  readonly selectVisible: () => void;
  readonly selectAllMatching: () => void;
  readonly clear: () => void;
}

/**
 * The bulk selection of a list (the inbox sidebar, the tasks table). It belongs to one view:
 * a new viewKey (company, folder, tab, filters) starts with nothing selected.
 */
export function useViewSelection(viewKey: string, loadedIds: readonly string[]): ViewSelection {
  const [scoped, setScoped] = useState<ScopedSelection>({ key: viewKey, selection: EMPTY_SELECTION });
  const selection = selectionIn(scoped, viewKey);
  const set = useCallback(
    (change: (current: Selection) => Selection) =>
      setScoped((s) => ({ key: viewKey, selection: change(selectionIn(s, viewKey)) })),
    [viewKey],
  );
  const isSelected = useCallback((id: string) => selectionHas(selection, id), [selection]);
  const toggle = useCallback((id: string) => set((s) => toggleOne(s, id, loadedIds)), [set, loadedIds]);
  const selectVisible = useCallback(() => set(() => visible(loadedIds)), [set, loadedIds]);
  const selectAllMatching = useCallback(() => set(allMatching), [set]);
  const clear = useCallback(() => set(() => EMPTY_SELECTION), [set]);
  return useMemo(
    () => ({ selection, isSelected, toggle, selectVisible, selectAllMatching, clear }),
    [selection, isSelected, toggle, selectVisible, selectAllMatching, clear],
  );
}
