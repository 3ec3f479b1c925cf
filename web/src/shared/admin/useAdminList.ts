import { NetworkStatus, type OperationVariables, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useNextPage, type FetchNextPage, type NextPage, type PagedCollection } from '../paging/useNextPage';
import { isFiltered, lastPage, readTableState, writeTableState, type Filters } from './tableState';

/** What a list query answers (spec 002 §7: collection, totalCount). */
export type Collection<R> = PagedCollection<R>;

export interface AdminListOptions<F extends Filters, D, V extends OperationVariables, R> {
  /** The list's name in the address: its filters and page live in query parameter table_<table>. */
  readonly table: string;
  /** Every filter with its default value; only these keys are read from the address. */
  readonly defaults: F;
  /** Rows a page (the spec's limit); 10 unless told. */
  readonly pageSize?: number;
  readonly query: TypedDocumentNode<D, V>;
  /** The query's variables for the filters and page. */
  readonly variables: (filters: F, paging: { readonly page: number; readonly limit: number }) => V;
  /** The answer's collection and total. */
  readonly select: (data: D) => Collection<R>;
  /** Waits (no query) while true, e.g. until a parent record is loaded. */
  readonly skip?: boolean;
  /**
   * Infinite load instead of pages (spec 002 §2.3): how a next page's answer joins the rows shown
   * (appendPage('field')). The next page loads as the table's end scrolls into view; the address keeps
   * the filters only.
   */
  readonly append?: (previous: D, next: D) => D;
}

export interface AdminList<F extends Filters, R> {
  readonly filters: F;
  readonly page: number;
  readonly pageSize: number;
  readonly rows: readonly R[];
  readonly totalCount: number;
  /** Nothing to show yet: the table shows skeleton rows. */
  readonly loading: boolean;
  /** A new page or filter is loading over the rows shown. */
  readonly refreshing: boolean;
  /** The list could not be loaded (and nothing is shown). */
  readonly error: boolean;
  /** The filters differ from the defaults (the empty state offers to clear them). */
  readonly filtered: boolean;
  /** Changes some filters and goes back to page 1. */
  readonly setFilters: (change: Partial<F>) => void;
  readonly setPage: (page: number) => void;
  readonly resetFilters: () => void;
  readonly refetch: () => void;
  /** With append only: the list loads further pages into its rows (AdminTable shows its end instead of a pager). */
  readonly next?: NextPage;
}

const DEFAULT_PAGE_SIZE = 10;

/**
 * An admin list with server paging whose filters and page live in the address (DESIGN: admin
 * screens share one pattern). Give it the list's query, how filters become variables and where
 * the collection is; render it with <AdminTable list={...} />.
 */
export function useAdminList<F extends Filters, D, V extends OperationVariables, R>(
  options: AdminListOptions<F, D, V, R>,
): AdminList<F, R> {
  const { table, defaults, query, variables, select, skip = false, append } = options;
  const infinite = Boolean(append);
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const [params, setParams] = useSearchParams();
  const raw = params.get(`table_${table}`);
  // The state changes only when the list's own parameter does (defaults are a new object each render).
  const state = useMemo(() => readTableState(params, table, defaults), [raw, table]);
  // An infinite list always starts at its first page.
  const page = infinite ? 1 : state.page;
  const queryVariables = useMemo(
    () => variables(state.filters, { page, limit: pageSize }),
    [state, page, pageSize],
  );
  const { data, previousData, loading, error, refetch, fetchMore, networkStatus } = useQuery<D, V>(query, {
    variables: queryVariables,
    skip,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    notifyOnNetworkStatusChange: true,
  } as useQuery.Options<D, V>);

  const shown = data ?? previousData;
  const answer = shown ? select(shown) : null;
  const totalCount = answer?.totalCount ?? 0;
  const rows = answer?.collection ?? [];
  const next = useNextPage<D, V>({
    fetchMore: fetchMore as unknown as FetchNextPage<D, V>,
    loaded: rows.length,
    total: totalCount,
    pageSize,
    variables: (nextPage) => variables(state.filters, { page: nextPage, limit: pageSize }),
    append: append ?? ((_previous, nextAnswer) => nextAnswer),
    enabled: infinite && Boolean(data),
  });

  // The address as last written: react-router hands setParams' function the parameters of the
  // render it was made in, so a second filter picked before that render would drop the first.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const write = useCallback(
    (change: (current: ReturnType<typeof readTableState<F>>) => ReturnType<typeof readTableState<F>>, replace = false) =>
      setParams(
        () => {
          const p = latest.current;
          const next = writeTableState(p, table, change(readTableState(p, table, defaults)), defaults);
          latest.current = next;
          return next;
        },
        { replace },
      ),
    [setParams, table],
  );
  const setFilters = useCallback(
    (change: Partial<F>) => write((s) => ({ filters: { ...s.filters, ...change }, page: 1 })),
    [write],
  );
  const setPage = useCallback((page: number) => write((s) => ({ ...s, page })), [write]);
  const resetFilters = useCallback(() => write(() => ({ filters: defaults, page: 1 })), [write, defaults]);

  // A page past the end (the last row of the last page deleted, an old link) moves to the last page.
  const current = data ? select(data) : null;
  useEffect(() => {
    const last = current ? lastPage(current.totalCount, pageSize) : page;
    if (current && current.collection.length === 0 && page > last) write((s) => ({ ...s, page: last }), true);
  }, [current, page, pageSize, write]);

  return {
    filters: state.filters,
    page,
    pageSize,
    rows,
    totalCount,
    loading: !answer && !error,
    // a next page of an infinite list shows in its own loading row
    refreshing: Boolean(answer) && loading && networkStatus !== NetworkStatus.fetchMore,
    error: Boolean(error) && !data,
    filtered: isFiltered(state.filters, defaults),
    setFilters,
    setPage,
    resetFilters,
    refetch: useCallback(() => void refetch().catch(() => undefined), [refetch]),
    ...(infinite ? { next } : {}),
  };
}
