import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminList } from '../../../shared/admin';
import { isFiltered, readTableState, writeTableState } from '../../../shared/admin';
import { EVENTS_PAGE_SIZE, eventsLogUrl, type EventEntry, type EventsAnswer, type EventsFilters } from '../utils/eventsLog';

/** The filters' home in the address (spec 002 §2.16). */
const TABLE = 'logs_all';

interface Loaded {
  readonly url: string;
  readonly answer: EventsAnswer | null;
  /** The server's refusal ({code, message, field}) or a failed request. */
  readonly failed: boolean;
  readonly errorMessage: string | null;
}

/**
 * The events log as an admin list (GET /api/events_log): filters and page in table_logs_all,
 * the rows of the selected company or of all (companyId null).
 */
export function useEventsLog(defaults: EventsFilters, companyId: string | null): AdminList<EventsFilters, EventEntry> & { readonly errorMessage: string | null } {
  const [params, setParams] = useSearchParams();
  const raw = params.get(`table_${TABLE}`);
  const state = useMemo(() => readTableState(params, TABLE, defaults), [raw]);
  const url = eventsLogUrl(state.filters, state.page, companyId);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal: abort.signal })
      .then(async (response) => {
        const body = (await response.json()) as EventsAnswer & { errors?: { message: string }[] };
        if (!response.ok) {
          setLoaded({ url, answer: null, failed: true, errorMessage: body.errors?.[0]?.message ?? null });
          return;
        }
        setLoaded({ url, answer: body, failed: false, errorMessage: null });
      })
      .catch(() => {
        if (!abort.signal.aborted) setLoaded({ url, answer: null, failed: true, errorMessage: null });
      });
    return () => abort.abort();
  }, [url, reload]);

  const write = useCallback(
    (change: (s: typeof state) => typeof state, replace = false) =>
      setParams((p) => writeTableState(p, TABLE, change(readTableState(p, TABLE, defaults)), defaults), { replace }),
    [setParams, defaults],
  );

  const answer = loaded?.answer ?? null;
  return {
    filters: state.filters,
    page: state.page,
    pageSize: EVENTS_PAGE_SIZE,
    rows: answer?.result ?? [],
    totalCount: answer?.meta.total_count ?? 0,
    loading: loaded === null,
    refreshing: loaded !== null && loaded.url !== url,
    error: Boolean(loaded?.failed) && loaded?.url === url,
    errorMessage: loaded?.url === url ? (loaded.errorMessage ?? null) : null,
    filtered: isFiltered(state.filters, defaults),
    setFilters: (change) => write((s) => ({ filters: { ...s.filters, ...change } as EventsFilters, page: 1 })),
    setPage: (page) => write((s) => ({ ...s, page })),
    resetFilters: () => write(() => ({ filters: defaults, page: 1 })),
    refetch: () => setReload((n) => n + 1),
  };
}
