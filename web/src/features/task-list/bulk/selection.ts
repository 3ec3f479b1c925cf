// Which threads the bulk actions act on (spec 001 §4 Selection): single threads, every
// visible thread (up to the maximum), or all threads matching the folder and filters.

/** The most threads one bulk action takes (spec README decision). */
export const MAX_SELECTION = 1000;

export type Selection =
  | { readonly mode: 'ids'; readonly ids: readonly string[] }
  | { readonly mode: 'all' };

export const EMPTY_SELECTION: Selection = { mode: 'ids', ids: [] };

/** The largest selection: the smaller of the constant and the total count. */
export const maxSelectable = (totalCount: number): number => Math.min(MAX_SELECTION, totalCount);

export function isSelected(selection: Selection, id: string): boolean {
  return selection.mode === 'all' || selection.ids.includes(id);
}

/** How many threads the selection stands for. */
export function selectedCount(selection: Selection, totalCount: number): number {
  return selection.mode === 'all' ? maxSelectable(totalCount) : selection.ids.length;
}

/**
 * Ticks or unticks one thread. Unticking one while all matching are selected keeps the
 * loaded ones but that thread.
 */
export function toggleOne(selection: Selection, id: string, loadedIds: readonly string[]): Selection {
  if (selection.mode === 'all') {
    return { mode: 'ids', ids: loadedIds.filter((v) => v !== id).slice(0, MAX_SELECTION) };
  }
  if (selection.ids.includes(id)) return { mode: 'ids', ids: selection.ids.filter((v) => v !== id) };
  if (selection.ids.length >= MAX_SELECTION) return selection;
  return { mode: 'ids', ids: [...selection.ids, id] };
}

/** Selects every loaded (visible) thread, up to the maximum. */
export function selectVisible(loadedIds: readonly string[]): Selection {
  return { mode: 'ids', ids: loadedIds.slice(0, MAX_SELECTION) };
}

export const selectAllMatching = (): Selection => ({ mode: 'all' });

export type HeaderCheck = 'none' | 'some' | 'all';

/** The select-all checkbox: ticked when every loaded thread is selected (or all matching). */
export function headerCheck(selection: Selection, loadedIds: readonly string[]): HeaderCheck {
  if (selection.mode === 'all') return 'all';
  if (selection.ids.length === 0) return 'none';
  const every = loadedIds.length > 0 && loadedIds.slice(0, MAX_SELECTION).every((id) => selection.ids.includes(id));
  return every ? 'all' : 'some';
}

/** What a selection needs of a listed thread: the inbox list's cards and the tasks table's rows. */
export interface SelectableThread {
  readonly uuid: string;
  readonly companyId: string;
}

/** The companies of the selected threads (all loaded ones when all matching are selected). */
export function selectedCompanyIds(selection: Selection, threads: readonly SelectableThread[]): string[] {
  const chosen = selection.mode === 'all' ? threads : threads.filter((t) => selection.ids.includes(t.uuid));
  return [...new Set(chosen.map((t) => t.companyId))];
}

/**
 * A selection kept with the view it was made in: any change of company, folder, tab or
 * filters (a new key) clears it.
 */
export interface ScopedSelection {
  readonly key: string;
  readonly selection: Selection;
}

export function selectionIn(scoped: ScopedSelection, key: string): Selection {
  return scoped.key === key ? scoped.selection : EMPTY_SELECTION;
}
