import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { loadStoredFilters, storeFilters, type FilteredList } from '../../../../shared/storage/storedFilters';
import { SEARCH_FILTERS_PARAM, parseFilters, readFilters, serializeFilters, writeFilters } from '../urlState';

/**
 * useSearchParams for a list whose filters are also kept in the browser (decision 0146): an
 * address with search_filters wins (a shared link); one without takes this tab's stored filters,
 * else the last ones of any tab, and gets them written in (replacing the entry, so Back is not
 * stuck). Whatever the address then holds is stored again, so a reload or the sidebar's link
 * brings the same filters back.
 */
export function useFilterParams(list: FilteredList): ReturnType<typeof useSearchParams> {
  const [params, setParams] = useSearchParams();
  // The first render already lists with the stored filters, before the address has them.
  const [restored, setRestored] = useState<URLSearchParams | null>(() => {
    if (params.has(SEARCH_FILTERS_PARAM)) return null;
    const stored = parseFilters(loadStoredFilters(list));
    return serializeFilters(stored) ? writeFilters(params, stored) : null;
  });
  useEffect(() => {
    if (!restored) return;
    setParams(restored, { replace: true });
    setRestored(null);
  }, [restored, setParams]);

  const current = restored ?? params;
  const text = serializeFilters(readFilters(current)) ?? '{}';
  useEffect(() => storeFilters(list, text), [list, text]);

  return [current, setParams];
}
