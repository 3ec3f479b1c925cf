// When a scrolled list asks for more (spec 000 Global constants, infinite loading): within 0.4
// of its height from the end, 0.3 from the start for older entries, never nearer than the 10 px
// trigger distance, and at most once a second from scrolling.

import { useCallback, useEffect, useRef } from 'react';
import {
  INFINITE_BOTTOM_THRESHOLD,
  INFINITE_THROTTLE_MS,
  INFINITE_TOP_THRESHOLD,
  loadAheadDistance,
} from '../table/listConstants';

type Scrolled = Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>;

/** The element is scrolled close enough to its end for the next page. */
export const nearEnd = (el: Scrolled): boolean =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= loadAheadDistance(el.clientHeight, INFINITE_BOTTOM_THRESHOLD);

/** The element is scrolled close enough to its start for the entries before it (a thread's older messages). */
export const nearStart = (el: Scrolled): boolean => el.scrollTop <= loadAheadDistance(el.clientHeight, INFINITE_TOP_THRESHOLD);

/** The IntersectionObserver margin that sees a list's end 0.4 of the viewport before it shows. */
export const END_ROOT_MARGIN = `0px 0px ${Math.round(INFINITE_BOTTOM_THRESHOLD * 100)}% 0px`;

/**
 * `check` at most once per `ms`: the first call runs at once, later ones within the window run
 * once at its end (the latest `check`, which reads the state as it is then), so a scroll that
 * stops inside the window is not lost.
 */
export function useThrottled(check: () => void, ms: number = INFINITE_THROTTLE_MS): () => void {
  const latest = useRef(check);
  useEffect(() => {
    latest.current = check;
  });
  const last = useRef(Number.NEGATIVE_INFINITY);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      latest.current();
    } else if (timer.current === undefined) {
      timer.current = setTimeout(() => {
        timer.current = undefined;
        last.current = Date.now();
        latest.current();
      }, wait);
    }
  }, [ms]);
}

export interface ScrollLoaderState {
  /** Entries past the loaded ones (beyond this edge) exist. */
  readonly hasMore: boolean;
  /** A page is loading (or failed and waits for a retry): scrolling asks for none. */
  readonly busy: boolean;
  readonly load: () => void;
}

/**
 * A scrolled list's loader: call the answer from its onScroll with the scrolled element; it loads
 * when the element is near the edge (the end, or the start for older entries), throttled.
 */
export function useScrollLoader(edge: 'end' | 'start', state: ScrollLoaderState): (el: Scrolled) => void {
  const target = useRef<Scrolled | null>(null);
  const check = useThrottled(() => {
    const el = target.current;
    if (!el || !state.hasMore || state.busy) return;
    if (edge === 'end' ? nearEnd(el) : nearStart(el)) state.load();
  });
  return useCallback(
    (el: Scrolled) => {
      target.current = el;
      check();
    },
    [check],
  );
}
