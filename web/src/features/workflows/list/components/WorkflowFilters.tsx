import { useQuery } from '@apollo/client/react';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminSearch } from '../../../../shared/admin';
import { WORKFLOW_FILTER_OPTIONS } from '../graphql/workflowFilterOptions';
import type { WorkflowListFilters } from '../utils/workflowListFilters';
import { defaultCountriesFirst } from '../../../../shared/countries/defaultCountriesFirst';
import { useClearable } from '../../../../shared/forms/useClearable';

export interface WorkflowFiltersProps {
  readonly filters: WorkflowListFilters;
  readonly onChange: (change: Partial<WorkflowListFilters>) => void;
}

// Five across on a desktop, two a row on a phone.
const FILTER_STYLE = { flex: '1 1 140px', minWidth: 0 } as const;

/** Search, then categories, countries, creators and tags, each any of several. */
export function WorkflowFilters({ filters, onChange }: WorkflowFiltersProps) {
  const { t } = useTranslation('workflows');
  const clearable = useClearable();
  const { data, loading } = useQuery(WORKFLOW_FILTER_OPTIONS, { fetchPolicy: 'cache-and-network' });
  const multiple = (key: 'categoryIds' | 'countryIds' | 'creatorIds' | 'tags', label: string, options: { value: string; label: string }[]) => (
    <Select
      mode="multiple"
      allowClear={clearable}
      maxTagCount="responsive"
      aria-label={label}
      placeholder={label}
      loading={loading && !data}
      value={[...filters[key]]}
      options={options}
      optionFilterProp="label"
      onChange={(values: string[]) => onChange({ [key]: values })}
      style={FILTER_STYLE}
    />
  );
  return (
    <Flex gap={8} wrap>
      <div style={{ flex: '2 1 300px', minWidth: 0 }}>
        <AdminSearch value={filters.search} onSearch={(search) => onChange({ search })} label={t('filters.search')} />
      </div>
      {multiple('categoryIds', t('filters.categories'), (data?.categories ?? []).map((c) => ({ value: c.id, label: c.name })))}
      {multiple('countryIds', t('filters.countries'), defaultCountriesFirst(data?.countries ?? []).map((c) => ({ value: c.id, label: c.name })))}
      {multiple('creatorIds', t('filters.creators'), (data?.workflowCreators ?? []).map((u) => ({ value: u.uuid, label: u.name })))}
      {multiple('tags', t('filters.tags'), (data?.workflowTags ?? []).map((tag) => ({ value: tag, label: `#${tag}` })))}
    </Flex>
  );
}
