import { useState } from 'react';
import { useDebouncedValue } from '../../../../shared/hooks/useDebouncedValue';
import { SEARCH_DEBOUNCE_MS } from '../filterOptions';

/**
 * The text typed into a server-searched picker, and the same text once typing has paused.
 * Apart from SearchedSelect: the bulk actions need it on the inbox's first render, antd's
 * Select only once a picker opens.
 */
export function useSelectSearch(): { search: string; debounced: string; setSearch: (text: string) => void } {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  return { search, debounced, setSearch };
}
