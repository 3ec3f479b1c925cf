import { Select } from 'antd';
import type { ReactNode, UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useClearable, type Clearable } from '../../../shared/forms/useClearable';
import type { FilterOption } from './filterOptions';

/** What every multiple-choice picker of the filters shares: its field, any number of values, a clear button (useClearable). */
export const multiplePicker = (id: string, value: readonly string[], options: readonly FilterOption[], clearable: Clearable) => ({
  id,
  mode: 'multiple' as const,
  allowClear: clearable,
  value: [...value],
  options: [...options],
});

export interface SearchedSelectProps {
  readonly id: string;
  readonly value: readonly string[];
  readonly onChange: (ids: string[]) => void;
  readonly options: readonly FilterOption[];
  readonly loading: boolean;
  readonly notFound: ReactNode;
  readonly search: string;
  readonly onSearch: (text: string) => void;
  readonly onPopupScroll?: (e: UIEvent<HTMLDivElement>) => void;
}

/**
 * A multiple-choice picker whose options the server finds: the caller filters, the typed
 * text clears once a value is picked or the list closes.
 */
export function SearchedSelect({ id, value, onChange, options, loading, notFound, search, onSearch, onPopupScroll }: SearchedSelectProps) {
  const { t } = useTranslation('inbox');
  const clearable = useClearable();
  return (
    <Select
      {...multiplePicker(id, value, options, clearable)}
      loading={loading}
      placeholder={t('filters.any')}
      showSearch={{ filterOption: false, searchValue: search, onSearch }}
      notFoundContent={loading ? t('filters.loading') : notFound}
      onOpenChange={(open) => {
        if (!open) onSearch('');
      }}
      onPopupScroll={onPopupScroll}
      onChange={(ids: string[]) => {
        onSearch('');
        onChange(ids);
      }}
    />
  );
}
