// antd reads window.matchMedia (Grid breakpoints, Layout.Sider), which jsdom lacks. Answer
// width queries for jsdom's window (1024 px wide), so that tests see the desktop layout.
function matchesWidth(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (min?.[1] && width < Number(min[1])) return false;
  if (max?.[1] && width > Number(max[1])) return false;
  return Boolean(min || max);
}

// The unit project runs in Node, without a window.
const dom = typeof window !== 'undefined';

if (dom && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: matchesWidth(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd's Typography ellipsis and overflow measuring use ResizeObserver; jsdom has no layout.
if (dom && !('ResizeObserver' in window)) {
  class NoLayoutResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoLayoutResizeObserver });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: NoLayoutResizeObserver });
}

// findBy* and waitFor wait for a state, not a duration: give them a budget that a busy
// machine (two cores shared with the Go tests' PostgreSQL and Temporal) still meets.
// Testing Library's default of 1 s failed a two-round-trip list test once in CI.
// (Imported only with a DOM: the Node project's files never wait on one, and the import is heavy.)
if (dom) {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
}
// The jsdom files share a window per worker (vite.config.ts: isolate false): each file starts
// with empty storage and an empty document, as it did with a window of its own.
if (dom) {
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.body.innerHTML = '';
}
export {};
