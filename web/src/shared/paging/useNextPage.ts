import { useRef, useState } from 'react';

/** What a paged list query answers (spec 002 §7: collection, totalCount). */
export interface PagedCollection<R> {
  readonly collection: readonly R[];
  readonly totalCount: number;
}

/** The fetchMore of Apollo's useQuery, as far as loading a next page needs it. */
export type FetchNextPage<D, V> = (options: {
  variables: Partial<V>;
  updateQuery: (previous: D, options: { fetchMoreResult: D }) => D;
}) => Promise<unknown>;

export interface NextPageOptions<D, V> {
  readonly fetchMore: FetchNextPage<D, V>;
  /** Rows loaded so far and the list's total. */
  readonly loaded: number;
  readonly total: number;
  readonly pageSize: number;
  /** The query's variables for a page (page numbers start at 1). */
  readonly variables: (page: number) => Partial<V>;
  /** How a next page's answer joins the rows loaded (appendPage('field')). */
  readonly append: (previous: D, next: D) => D;
  /** Off: a list with pages of its own (hasMore stays false). */
  readonly enabled?: boolean;
}

export interface NextPage {
  /** Rows past the loaded ones exist. */
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  /** The last next page failed (loading more waits for the reader's retry). */
  readonly failed: boolean;
  /** Loads the page after the loaded rows; does nothing while one loads or when none is left. */
  readonly loadMore: () => void;
}

/**
 * Infinite load (spec 002 §2.3, §2.6): the page after the loaded rows comes through fetchMore and
 * joins them in the cache, one page at a time. Show it with <LoadMoreFooter>, which asks for it as
 * the end of the list scrolls into view.
 */
export function useNextPage<D, V>({ fetchMore, loaded, total, pageSize, variables, append, enabled = true }: NextPageOptions<D, V>): NextPage {
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  // A second call before the first's render (the observer and a click) must not load the page twice.
  const busy = useRef(false);
  const hasMore = enabled && loaded < total;
  const loadMore = () => {
    if (!hasMore || busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    setFailed(false);
    fetchMore({
      variables: variables(Math.floor(loaded / pageSize) + 1),
      updateQuery: (previous, { fetchMoreResult }) => append(previous, fetchMoreResult),
    })
      .catch(() => setFailed(true))
      .finally(() => {
        busy.current = false;
        setLoadingMore(false);
      });
  };
  return { hasMore, loadingMore, failed, loadMore };
}

/** The answer's field `field` with the next page's rows after the previous ones (for useNextPage's append). */
export function appendPage<K extends string>(field: K) {
  return <D extends { readonly [P in K]: PagedCollection<unknown> }>(previous: D, next: D): D => ({
    ...next,
    [field]: { ...next[field], collection: [...previous[field].collection, ...next[field].collection] },
  });
}
