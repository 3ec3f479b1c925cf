import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useState } from 'react';
import type { PorticoOperationContext } from '../../../../app/apollo/client';
import type {
  InboxFolderStatsQueryVariables,
  SearchThreadsQuery,
  SearchThreadsQueryVariables,
} from '../../../../gql/graphql';
import { INBOX_FOLDER_STATS } from '../graphql/inboxFolderStats';
import { SEARCH_THREADS } from '../graphql/searchThreads';
import type { InboxThread, InboxThreadsValue } from './useInboxThreads';

type Hit = SearchThreadsQuery['searchInboxTasks']['collection'][number];

/** Where a thread matched: the message or attachment to open at, and the marked text. */
export interface SearchMatch {
  readonly activityId: string | null;
  readonly highlight: string;
}

export interface SearchThreadsValue extends Omit<InboxThreadsValue, 'companyAbilities'> {
  readonly matches: ReadonlyMap<string, SearchMatch>;
}

const context: PorticoOperationContext = { silentErrors: true };

/**
 * The search results folder: pages of 10 hits (page numbers), one row per thread (the
 * server answers one hit per thread, its newest; the fold here only guards against a
 * thread twice across pages), and the folder counters from inboxStats beside them.
 */
export function useSearchThreads(
  variables: SearchThreadsQueryVariables | null,
  statsVariables: InboxFolderStatsQueryVariables,
): SearchThreadsValue {
  const { data, error, fetchMore, refetch } = useQuery(SEARCH_THREADS, {
    variables: variables ?? { query: '' },
    skip: variables === null,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    context,
  });
  const stats = useQuery(INBOX_FOLDER_STATS, {
    variables: statsVariables,
    skip: variables === null,
    fetchPolicy: 'cache-and-network',
    context,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreError, setLoadMoreError] = useState(false);
  const hits: readonly Hit[] = data?.searchInboxTasks.collection ?? [];
  const totalCount = data?.searchInboxTasks.totalCount ?? 0;
  const limit = variables?.limit ?? 10;
  const pagesLoaded = Math.ceil(hits.length / limit);
  const hasMore = Boolean(data) && hits.length < totalCount && hits.length === pagesLoaded * limit;

  const { threads, matches } = useMemo(() => {
    const list: InboxThread[] = [];
    const found = new Map<string, SearchMatch>();
    for (const hit of hits) {
      if (found.has(hit.thread.uuid)) continue;
      found.set(hit.thread.uuid, { activityId: hit.activityId, highlight: hit.highlightSearchText });
      list.push(hit.thread);
    }
    return { threads: list, matches: found };
  }, [hits]);

  const loadMore = useCallback(() => {
    if (!variables || loadingMore || !hasMore) return;
    setLoadingMore(true);
    setLoadMoreError(false);
    fetchMore({
      variables: { ...variables, page: pagesLoaded + 1 },
      updateQuery: (prev, { fetchMoreResult }) =>
        fetchMoreResult
          ? {
              searchInboxTasks: {
                ...fetchMoreResult.searchInboxTasks,
                collection: [...prev.searchInboxTasks.collection, ...fetchMoreResult.searchInboxTasks.collection],
              },
            }
          : prev,
    })
      .catch(() => setLoadMoreError(true))
      .finally(() => setLoadingMore(false));
  }, [variables, loadingMore, hasMore, fetchMore, pagesLoaded]);

  const statsRefetch = stats.refetch;
  const refetchAll = useCallback(() => {
    setLoadMoreError(false);
    void refetch().catch(() => undefined);
    void statsRefetch().catch(() => undefined);
  }, [refetch, statsRefetch]);

  return {
    threads,
    matches,
    totalCount,
    stats: stats.data?.inboxStats ?? null,
    loading: variables !== null && !data && !error,
    loadingMore,
    hasMore: hasMore && !loadMoreError,
    error: Boolean(error) && !data,
    loadMoreError,
    loadMore,
    refetch: refetchAll,
  };
}
