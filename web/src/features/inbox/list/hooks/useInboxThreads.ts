import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useState } from 'react';
import type { PorticoOperationContext } from '../../../../app/apollo/client';
import type { InboxThreadFieldsFragment, InboxThreadsQuery, InboxThreadsQueryVariables } from '../../../../gql/graphql';
import { joinRuleSets, perCompany, type RulesOf } from '../../../task-list';
import { INBOX_THREADS } from '../graphql/inboxThreads';

export type InboxThread = InboxThreadFieldsFragment;
export type InboxStats = InboxThreadsQuery['inboxTasks']['inboxStats'];
type RuleSets = InboxThreadsQuery['inboxTasks']['companyAbilities'];
/** The viewer's rules, one entry per company. */
export type CompanyAbilities = readonly RulesOf<RuleSets[number]['rules']>[];

export interface InboxThreadsValue {
  readonly threads: readonly InboxThread[];
  readonly totalCount: number;
  readonly stats: InboxStats | null;
  /** The viewer's rules in the companies of the loaded threads (every loaded page joined). */
  readonly companyAbilities: CompanyAbilities;
  /** The first page is loading (or reloading after a change of view). */
  readonly loading: boolean;
  readonly loadingMore: boolean;
  readonly hasMore: boolean;
  /** The first page failed. */
  readonly error: boolean;
  /** The next page failed: the list offers a retry. */
  readonly loadMoreError: boolean;
  /** Loads the next page after the last loaded thread (lastId). */
  readonly loadMore: () => void;
  readonly refetch: () => void;
}

const NO_ABILITIES: CompanyAbilities = [];

/**
 * The inbox list: pages of 10 threads joined by the lastId cursor, the folder counters and
 * the viewer's abilities in the loaded threads' companies. Passing null variables shows nothing.
 */
export function useInboxThreads(variables: InboxThreadsQueryVariables | null): InboxThreadsValue {
  const context: PorticoOperationContext = { silentErrors: true };
  const { data, previousData, error, networkStatus, fetchMore, refetch } = useQuery(INBOX_THREADS, {
    variables: variables ?? {},
    skip: variables === null,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    notifyOnNetworkStatusChange: true,
    context,
  });
  const [loadMoreError, setLoadMoreError] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  // Counters stay visible while the next view loads.
  const answer = data?.inboxTasks;
  const stats = answer?.inboxStats ?? previousData?.inboxTasks.inboxStats ?? null;
  const threads = answer?.collection ?? [];
  const totalCount = answer?.totalCount ?? 0;
  const hasMore = Boolean(answer) && threads.length < totalCount;
  const lastId = threads.at(-1)?.uuid ?? null;

  const loadMore = useCallback(() => {
    if (!lastId || loadingMore || !variables) return;
    setLoadingMore(true);
    setLoadMoreError(false);
    fetchMore({
      variables: { ...variables, lastId },
      updateQuery: (prev, { fetchMoreResult }) => {
        if (!fetchMoreResult) return prev;
        const seen = new Set(prev.inboxTasks.collection.map((t) => t.uuid));
        return {
          inboxTasks: {
            ...fetchMoreResult.inboxTasks,
            collection: [
              ...prev.inboxTasks.collection,
              ...fetchMoreResult.inboxTasks.collection.filter((t) => !seen.has(t.uuid)),
            ],
            // each page carries the rules of its own threads' companies
            companyAbilities: joinRuleSets(prev.inboxTasks.companyAbilities, fetchMoreResult.inboxTasks.companyAbilities),
          },
        };
      },
    })
      .catch(() => setLoadMoreError(true))
      .finally(() => setLoadingMore(false));
  }, [fetchMore, lastId, loadingMore, variables]);

  const ruleSets = answer?.companyAbilities;
  const companyAbilities = useMemo(() => (ruleSets ? perCompany(ruleSets) : NO_ABILITIES), [ruleSets]);

  const refetchAll = useCallback(() => {
    setLoadMoreError(false);
    void refetch().catch(() => undefined);
  }, [refetch]);

  return useMemo(
    () => ({
      threads,
      totalCount,
      stats,
      companyAbilities,
      loading: variables !== null && !answer && networkStatus !== NetworkStatus.error && !error,
      loadingMore,
      hasMore: hasMore && !loadMoreError,
      error: Boolean(error) && !answer,
      loadMoreError,
      loadMore,
      refetch: refetchAll,
    }),
    [threads, totalCount, stats, companyAbilities, answer, variables, networkStatus, error, loadingMore, hasMore, loadMoreError, loadMore, refetchAll],
  );
}
