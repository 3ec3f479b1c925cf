import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberLabels, withChosen } from './filterOptions';
import { useWorkflowOptions } from './hooks/useWorkflowOptions';
import { useSelectSearch } from './hooks/useSelectSearch';
import { SearchedSelect } from './SearchedSelect';

export interface WorkflowSelectProps {
  readonly id: string;
  readonly value: readonly string[];
  readonly onChange: (workflowIds: string[]) => void;
  /** The companies in scope; null for every company the user may see. */
  readonly companyIds: readonly string[] | null;
  readonly categoryIds: readonly string[];
}

/** Scrolled this close to the end of the list, the next page loads. */
const LOAD_MORE_EDGE_PX = 32;

export const nearListEnd = (el: Pick<HTMLElement, 'scrollTop' | 'clientHeight' | 'scrollHeight'>): boolean =>
  el.scrollTop + el.clientHeight >= el.scrollHeight - LOAD_MORE_EDGE_PX;

/** The workflow filter: the company workflows searched on the server, 30 at a time. */
export function WorkflowSelect({ id, value, onChange, companyIds, categoryIds }: WorkflowSelectProps) {
  const { t } = useTranslation('inbox');
  const { search, debounced, setSearch } = useSelectSearch();
  const workflows = useWorkflowOptions({ companyIds, categoryIds, search: debounced, skip: false });
  const options = useMemo(() => {
    rememberLabels(workflows.options);
    return withChosen(workflows.options, value, t('filters.workflow_unknown'));
  }, [workflows.options, value, t]);

  return (
    <SearchedSelect
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      loading={workflows.loading}
      notFound={t('filters.workflow_none')}
      search={search}
      onSearch={setSearch}
      onPopupScroll={(e) => {
        if (workflows.hasMore && nearListEnd(e.currentTarget)) workflows.loadMore();
      }}
    />
  );
}
