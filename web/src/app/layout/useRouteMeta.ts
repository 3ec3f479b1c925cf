import { useMatches } from 'react-router';
import type { RouteMeta } from '../router/routeTable';

const isRouteMeta = (handle: unknown): handle is RouteMeta =>
  typeof handle === 'object' && handle !== null && 'name' in handle && 'layout' in handle;

/** The meta of the route being shown (undefined on the not-found page). */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteMeta(handle)) return handle;
  }
  return undefined;
}
