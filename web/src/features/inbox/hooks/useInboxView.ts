import { useCallback, useMemo } from 'react';
import { isProviderStaff } from '../../../app/session/types';
import { useInit } from '../../../app/session/SessionProvider';
import { DEFAULT_FILTERS, type InboxFilterState } from '../../task-list';
import {
  availableFolders,
  availableTabs,
  readFilters,
  readFolder,
  readTab,
  switchFolder,
  writeFilters,
  writeView,
  type Folder,
  type InboxTab,
  useFilterParams,
} from '../../task-list';

export interface InboxViewValue {
  readonly folder: Folder;
  readonly tab: InboxTab;
  readonly filters: InboxFilterState;
  readonly folders: readonly Folder[];
  readonly tabs: readonly InboxTab[];
  readonly staff: boolean;
  readonly admin: boolean;
  readonly setFolder: (folder: Folder) => void;
  readonly setTab: (tab: InboxTab) => void;
  /** Replaces the filters (the search text is kept unless given). */
  readonly setFilters: (filters: Omit<InboxFilterState, 'query'> & { query?: string }) => void;
  /** Applies a search: a text opens the search results, an empty one leaves them. */
  readonly setQuery: (query: string) => void;
  readonly resetFilters: () => void;
}

/** The inbox's folder, tab and filters, kept in the address (spec 001 §2); the filters also in storage. */
export function useInboxView(companySelected: boolean): InboxViewValue {
  const init = useInit();
  const [params, setParams] = useFilterParams('inbox');
  const staff = isProviderStaff(init.user);
  const admin = init.user.userRole === 'admin';
  const tabCtx = useMemo(
    () => ({ staff, responsible: init.user.responsible, companySelected }),
    [staff, init.user.responsible, companySelected],
  );
  const folder = readFolder(params, { admin });
  const tab = readTab(params, tabCtx);
  const filters = useMemo(() => readFilters(params), [params]);
  const searching = filters.query.trim() !== '';

  const setFolder = useCallback(
    (next: Folder) => setParams((p) => switchFolder(p, next)),
    [setParams],
  );
  const setTab = useCallback((next: InboxTab) => setParams((p) => writeView(p, { tab: next })), [setParams]);
  const setFilters = useCallback<InboxViewValue['setFilters']>(
    (next) => setParams((p) => writeFilters(p, { ...next, query: next.query ?? readFilters(p).query })),
    [setParams],
  );
  const setQuery = useCallback(
    (query: string) =>
      setParams((p) => {
        const current = readFilters(p);
        const trimmed = query.trim();
        if (trimmed === current.query.trim()) return p;
        const written = writeFilters(p, { ...current, query: trimmed });
        return writeView(written, { folder: trimmed ? 'search' : 'inbox' });
      }),
    [setParams],
  );
  const resetFilters = useCallback(
    () => setParams((p) => writeFilters(p, { ...DEFAULT_FILTERS, query: readFilters(p).query })),
    [setParams],
  );

  return {
    folder,
    tab,
    filters,
    folders: availableFolders({ admin, searching }),
    tabs: availableTabs(tabCtx),
    staff,
    admin,
    setFolder,
    setTab,
    setFilters,
    setQuery,
    resetFilters,
  };
}
