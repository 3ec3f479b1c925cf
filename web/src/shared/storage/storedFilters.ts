// A list's filters kept in the browser (spec 000 §4 Session: "Filter state is kept in session and
// local storage"). Each list keeps its filters as one text (its search_filters value): session
// storage holds this tab's, local storage the last ones chosen in any tab, which a new tab starts
// with. The text is opaque here; the list that wrote it reads it back and checks it.

/** The lists whose filters are kept. */
export type FilteredList = 'inbox' | 'tasks';
const LISTS: readonly FilteredList[] = ['inbox', 'tasks'];

const keyOf = (list: FilteredList): string => `portico.search_filters.${list}`;

/** Where the filters are kept (injectable for tests). */
export interface FilterStorages {
  readonly session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  readonly local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
}

// Reading window.sessionStorage itself throws where storage is blocked.
function browserStorages(): FilterStorages {
  const pick = (name: 'sessionStorage' | 'localStorage'): Storage | undefined => {
    try {
      return typeof window === 'undefined' ? undefined : window[name];
    } catch {
      return undefined;
    }
  };
  return { session: pick('sessionStorage'), local: pick('localStorage') };
}

function attempt<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

/** This tab's filters, else the last ones of any tab, else null (never stored, or storage blocked). */
export function loadStoredFilters(list: FilteredList, storages: FilterStorages = browserStorages()): string | null {
  const key = keyOf(list);
  return attempt(() => storages.session?.getItem(key) ?? null, null) ?? attempt(() => storages.local?.getItem(key) ?? null, null);
}

/** Keeps the filters for this tab and as the next new tab's. */
export function storeFilters(list: FilteredList, value: string, storages: FilterStorages = browserStorages()): void {
  const key = keyOf(list);
  attempt(() => storages.session?.setItem(key, value), undefined);
  attempt(() => storages.local?.setItem(key, value), undefined);
}

/** Forgets every list's filters (selecting a company resets them; the category filter is kept apart). */
export function clearStoredFilters(storages: FilterStorages = browserStorages()): void {
  for (const list of LISTS) {
    const key = keyOf(list);
    attempt(() => storages.session?.removeItem(key), undefined);
    attempt(() => storages.local?.removeItem(key), undefined);
  }
}
