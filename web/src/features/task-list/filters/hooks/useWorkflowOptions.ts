import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useState } from 'react';
import type { PorticoOperationContext } from '../../../../app/apollo/client';
import { nextPage, workflowOptions, WORKFLOW_PAGE_SIZE, type FilterOption } from '../filterOptions';
import { FILTER_WORKFLOWS } from '../graphql/filterWorkflows';

export interface WorkflowOptionsArgs {
  readonly companyIds: readonly string[] | null;
  readonly categoryIds: readonly string[];
  /** The (already debounced) search text. */
  readonly search: string;
  readonly skip: boolean;
}

export interface WorkflowOptionsValue {
  readonly options: readonly FilterOption[];
  readonly loading: boolean;
  readonly hasMore: boolean;
  /** Loads the next page of 30 (scrolling to the end of the list). */
  readonly loadMore: () => void;
}

const context: PorticoOperationContext = { silentErrors: true };

/** The workflows of the companies in scope, 30 a page, searched on the server. */
export function useWorkflowOptions({ companyIds, categoryIds, search, skip }: WorkflowOptionsArgs): WorkflowOptionsValue {
  const variables = {
    companyIds: companyIds ? [...companyIds] : null,
    categoryIds: categoryIds.length ? [...categoryIds] : null,
    search: search.trim() || null,
    page: 1,
    limit: WORKFLOW_PAGE_SIZE,
  };
  const { data, networkStatus, fetchMore } = useQuery(FILTER_WORKFLOWS, {
    variables,
    skip,
    context,
    notifyOnNetworkStatusChange: true,
  });
  const answer = data?.companyWorkflows;
  const rows = answer?.collection;
  const page = answer ? nextPage(answer.collection.length, answer.totalCount) : null;
  const [loadingMore, setLoadingMore] = useState(false);

  const loadMore = useCallback(() => {
    if (page === null || loadingMore) return;
    setLoadingMore(true);
    fetchMore({
      variables: { page },
      updateQuery: (prev, { fetchMoreResult }) => ({
        companyWorkflows: {
          ...fetchMoreResult.companyWorkflows,
          collection: [...prev.companyWorkflows.collection, ...fetchMoreResult.companyWorkflows.collection],
        },
      }),
    })
      .catch(() => undefined)
      .finally(() => setLoadingMore(false));
  }, [fetchMore, page, loadingMore]);

  const options = useMemo(() => workflowOptions(rows ?? []), [rows]);
  return {
    options,
    loading: !skip && (networkStatus === NetworkStatus.loading || networkStatus === NetworkStatus.setVariables || loadingMore),
    hasMore: page !== null,
    loadMore,
  };
}
