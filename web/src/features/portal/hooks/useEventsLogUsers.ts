import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { eventsLogUsersUrl, type EventUser } from '../utils/eventsLog';

/** How long typing rests before the users are asked for. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The events log's user filter as the reader types (GET /api/events_log/users): the users whose
 * name or e-mail contains search, from the whole portal, not only those on screen.
 */
export function useEventsLogUsers(search: string): { readonly users: readonly EventUser[]; readonly loading: boolean } {
  const settled = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const url = eventsLogUsersUrl(settled);
  const [loaded, setLoaded] = useState<{ readonly url: string; readonly users: readonly EventUser[] } | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal: abort.signal })
      .then(async (response) => {
        const body = (await response.json()) as { result?: EventUser[] };
        setLoaded({ url, users: response.ok ? (body.result ?? []) : [] });
      })
      .catch(() => {
        if (!abort.signal.aborted) setLoaded({ url, users: [] });
      });
    return () => abort.abort();
  }, [url]);

  return { users: loaded?.users ?? [], loading: loaded?.url !== url || settled !== search.trim() };
}
