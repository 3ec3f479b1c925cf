import type { RouteName } from './routeTable';

// The registry of each page's chunk fetch, filled by pages.ts as it defines the pages. It
// imports no feature, so a feature page can start another page's fetch (the workflow list
// preloads the editor) without importing pages.ts, which imports every feature's loaders.
const PAGE_FETCHES = new Map<RouteName, () => Promise<unknown>>();

/** Records how a route's page chunk is fetched (pages.ts, once per route). */
export function registerPagePreload(name: RouteName, fetchPage: () => Promise<unknown>): void {
  PAGE_FETCHES.set(name, fetchPage);
}

/** Starts fetching a page's chunk (nothing for pages that never render). */
export function preloadPage(name: RouteName): void {
  void PAGE_FETCHES.get(name)?.().catch(() => {
    // The page's own lazy import reports the failure when it renders.
  });
}
