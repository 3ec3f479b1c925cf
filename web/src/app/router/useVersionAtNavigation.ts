import { useState } from 'react';
import { paths } from './paths';

/**
 * The server version the guards see: the one known when the user arrived at this
 * address. A newer version found by the 30-second check while the user stays opens the
 * new-version modal instead of pulling the page away; the next navigation goes to
 * UiUpdated. On UiUpdated itself the live version counts, so the page is left once the
 * versions agree.
 */
export function useVersionAtNavigation(here: string, live: string | null, ready: boolean): string | null {
  const [seen, setSeen] = useState({ here, version: live, ready });
  if (seen.here !== here || seen.ready !== ready) {
    setSeen({ here, version: live, ready });
    return live;
  }
  if (!ready || here.startsWith(paths.uiUpdated())) return live;
  return seen.version;
}
