import { useCallback, useEffect, useState } from 'react';

/** Runs once the browser is idle (or after a second without requestIdleCallback); returns the cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1000);
  return () => window.clearTimeout(id);
}

/**
 * Whether to mount something not shown at first (a hidden tab's form): from the start when
 * `now` (and for good once `now` was true), else once the browser is idle after the first paint,
 * or when `mount()` is called (before it is needed: a save reads the form).
 */
export function useMountWhenIdle(now: boolean): { readonly mounted: boolean; readonly mount: () => void } {
  const [mounted, setMounted] = useState(now);
  // shown once, mounted for good (state adjusted while rendering, as React advises for props)
  if (now && !mounted) setMounted(true);
  useEffect(() => (mounted ? undefined : whenIdle(() => setMounted(true))), [mounted]);
  const mount = useCallback(() => setMounted(true), []);
  return { mounted: mounted || now, mount };
}
