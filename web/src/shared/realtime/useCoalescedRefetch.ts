import { useCallback, useEffect, useRef } from 'react';

/**
 * A refetch to run on realtime events. Apollo joins a request to an identical one already in
 * flight, so an event that arrives while a refetch is under way would only get that older answer
 * (a run's "step completed" and "next step began" come a moment apart, and the page would stay on
 * the first). The function this returns runs one more refetch after the one in flight whenever
 * events came meanwhile, and never more than one at a time.
 */
export function useCoalescedRefetch(refetch: () => Promise<unknown>): () => void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  }, [refetch]);
  const state = useRef({ running: false, again: false });
  return useCallback(() => {
    const s = state.current;
    if (s.running) {
      s.again = true;
      return;
    }
    s.running = true;
    const run = (): void => {
      s.again = false;
      void latest
        .current()
        .catch(() => undefined)
        .finally(() => {
          if (s.again) run();
          else s.running = false;
        });
    };
    run();
  }, []);
}
