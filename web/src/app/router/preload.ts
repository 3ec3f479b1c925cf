import { matchRoutes } from 'react-router';
import { preloadPage } from './pages';
import { ROUTES, type RouteName } from './routeTable';

// Translation namespaces a page suspends on at its first render, beyond the shell's.
const PAGE_NAMESPACES: Partial<Record<RouteName, readonly string[]>> = {
  Inbox: ['inbox', 'thread'],
  Tasks: ['tasks', 'inbox', 'thread'],
  Files: ['files'],
};

/** The route an address opens, if any. */
export function routeNameOf(pathname: string): RouteName | null {
  const matches = matchRoutes(
    ROUTES.map((r) => ({ path: r.path, id: r.meta.name })),
    pathname,
  );
  return (matches?.at(-1)?.route.id as RouteName | undefined) ?? null;
}

/**
 * Starts fetching what the first page of a visit needs (its chunk) while the app boots,
 * and says which translation namespaces to load with the shell's. Without it, the page's
 * chunk and its translations were fetched one after the other, each after init.json.
 */
export function preloadFirstPage(pathname: string): readonly string[] {
  const name = routeNameOf(pathname);
  if (!name) return [];
  preloadPage(name);
  return PAGE_NAMESPACES[name] ?? [];
}
