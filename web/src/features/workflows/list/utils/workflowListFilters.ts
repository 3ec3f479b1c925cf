import type { WorkflowsQueryVariables } from '../../../../gql/graphql';

export type WorkflowTab = 'global_workflows' | 'drafts';
export const WORKFLOW_TABS: readonly WorkflowTab[] = ['global_workflows', 'drafts'];

/** The workflows list's filters, as they live in the address (table_workflows_<tab>). */
export type WorkflowListFilters = {
  readonly search: string;
  readonly categoryIds: readonly string[];
  readonly countryIds: readonly string[];
  readonly creatorIds: readonly string[];
  readonly tags: readonly string[];
};

export const DEFAULT_WORKFLOW_FILTERS: WorkflowListFilters = {
  search: '',
  categoryIds: [],
  countryIds: [],
  creatorIds: [],
  tags: [],
};

/** Spec 002 §9: the workflow lists show 10 a page. */
export const WORKFLOWS_PAGE_SIZE = 10;

/** The tab from the address (query parameter tab); anything else is global_workflows. */
export const readTab = (params: URLSearchParams): WorkflowTab =>
  WORKFLOW_TABS.find((tab) => tab === params.get('tab')) ?? 'global_workflows';

const some = (ids: readonly string[]): string[] | undefined => (ids.length > 0 ? [...ids] : undefined);

/** The workflows query's variables for a tab, its filters and page. */
export function workflowsVariables(
  tab: WorkflowTab,
  f: WorkflowListFilters,
  paging: { readonly page: number; readonly limit: number },
): WorkflowsQueryVariables {
  return {
    draft: tab === 'drafts',
    search: f.search.trim() || undefined,
    categoryIds: some(f.categoryIds),
    countryIds: some(f.countryIds),
    creatorIds: some(f.creatorIds),
    tags: some(f.tags),
    page: paging.page,
    limit: paging.limit,
  };
}
