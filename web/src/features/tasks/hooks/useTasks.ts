import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useState } from 'react';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import type { TasksTableQuery, TasksTableQueryVariables } from '../../../gql/graphql';
import { joinRuleSets, perCompany, type RulesOf } from '../../task-list';
import { TASKS_TABLE } from '../graphql/tasksTable';
import { appendPage } from '../utils/paging';

export type TaskRow = TasksTableQuery['inboxTasks']['collection'][number];
type RuleSets = TasksTableQuery['inboxTasks']['companyAbilities'];
/** The viewer's rules, one entry per company. */
export type TaskAbilities = readonly RulesOf<RuleSets[number]['rules']>[];

export interface TasksValue {
  readonly rows: readonly TaskRow[];
  readonly totalCount: number;
  /** The viewer's rules in the companies of the loaded rows (every loaded page joined). */
  readonly abilities: TaskAbilities;
  /** The first page is loading (or reloading after a change of view or sort). */
  readonly loading: boolean;
  /** The first page failed. */
  readonly error: boolean;
  readonly loadingMore: boolean;
  readonly hasMore: boolean;
  /** The next page failed: the table offers a retry. */
  readonly loadMoreError: boolean;
  /** Loads the next page after the last loaded row (lastId). */
  readonly loadMore: () => void;
  readonly refetch: () => void;
}

const NO_ABILITIES: TaskAbilities = [];
const context: PorticoOperationContext = { silentErrors: true };

/** The tasks table's rows: pages of 30 joined by the lastId cursor. */
export function useTasks(variables: TasksTableQueryVariables): TasksValue {
  const { data, error, fetchMore, refetch } = useQuery(TASKS_TABLE, {
    variables,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    context,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreError, setLoadMoreError] = useState(false);
  const answer = data?.inboxTasks;
  const rows = useMemo(() => answer?.collection ?? [], [answer]);
  const totalCount = answer?.totalCount ?? 0;
  const lastId = rows.at(-1)?.uuid ?? null;
  const ruleSets = answer?.companyAbilities;
  const abilities = useMemo(() => (ruleSets ? perCompany(ruleSets) : NO_ABILITIES), [ruleSets]);

  const loadMore = useCallback(() => {
    if (!lastId || loadingMore) return;
    setLoadingMore(true);
    setLoadMoreError(false);
    fetchMore({
      variables: { ...variables, lastId },
      updateQuery: (prev, { fetchMoreResult }) =>
        fetchMoreResult
          ? {
              inboxTasks: {
                ...fetchMoreResult.inboxTasks,
                collection: appendPage(prev.inboxTasks.collection, fetchMoreResult.inboxTasks.collection),
                // each page carries the rules of its own rows' companies
                companyAbilities: joinRuleSets(
                  prev.inboxTasks.companyAbilities,
                  fetchMoreResult.inboxTasks.companyAbilities,
                ),
              },
            }
          : prev,
    })
      .catch(() => setLoadMoreError(true))
      .finally(() => setLoadingMore(false));
  }, [fetchMore, lastId, loadingMore, variables]);

  const reload = useCallback(() => {
    setLoadMoreError(false);
    void refetch().catch(() => undefined);
  }, [refetch]);

  return {
    rows,
    totalCount,
    abilities,
    loading: !answer && !error,
    error: Boolean(error) && !answer,
    loadingMore,
    hasMore: Boolean(answer) && rows.length < totalCount && !loadMoreError,
    loadMoreError,
    loadMore,
    refetch: reload,
  };
}
