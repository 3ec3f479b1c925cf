import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NOBODY } from '../../task-list';
import { rememberLabels, withChosen, type FilterOption } from '../../task-list';
import { useSelectSearch } from '../../task-list';
import { usePorticoUsers } from '../../task-list';

/** The switcher's value for "no assignee filter". */
export const ALL_ASSIGNEES = 'all';

export interface AssigneeSwitcherProps {
  /** The selected company (null in group and all-companies views: staff of every company). */
  readonly companyId: string | null;
  readonly meId: string;
  /** The assignee filter (responsibleIds). */
  readonly value: readonly string[];
  readonly onChange: (responsibleIds: string[]) => void;
}

/** The switcher's single value for an assignee filter; undefined when several are chosen (in the popover). */
export function switcherValue(responsibleIds: readonly string[]): string | undefined {
  if (responsibleIds.length === 0) return ALL_ASSIGNEES;
  return responsibleIds.length === 1 ? responsibleIds[0] : undefined;
}

/**
 * The header's assignee switcher: everyone's tasks, mine, the unassigned ones, or one
 * staff member's (porticoUsers, searched on the server). It sets the assignee filter.
 */
export function AssigneeSwitcher({ companyId, meId, value, onChange }: AssigneeSwitcherProps) {
  const { t } = useTranslation('tasks');
  const { search, debounced, setSearch } = useSelectSearch();
  const { staff: found, loading } = usePorticoUsers({ companyId, search: debounced });
  const options = useMemo<FilterOption[]>(() => {
    const staff = found
      .filter((u) => u.uuid !== meId)
      .map((u) => ({ value: u.uuid, label: u.name }));
    rememberLabels(staff);
    const fixed = [
      { value: ALL_ASSIGNEES, label: t('assignee.all') },
      { value: meId, label: t('assignee.me') },
      { value: NOBODY, label: t('assignee.nobody') },
    ];
    const query = debounced.trim().toLowerCase();
    const shown = query ? fixed.filter((o) => o.label.toLowerCase().includes(query)) : fixed;
    return withChosen([...shown, ...staff], value.length === 1 ? value : [], t('assignee.unknown'));
  }, [found, meId, t, debounced, value]);

  return (
    <Select
      aria-label={t('assignee.label')}
      data-testid="tasks-assignee"
      style={{ width: 220 }}
      value={switcherValue(value)}
      placeholder={t('assignee.several')}
      options={options}
      loading={loading}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      notFoundContent={loading ? t('assignee.loading') : t('assignee.none_found')}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      onChange={(picked: string) => {
        setSearch('');
        onChange(picked === ALL_ASSIGNEES ? [] : [picked]);
      }}
    />
  );
}
