// Which rows of a long list are mounted: those in view and a few around them. Rows have
// one fixed height, so the range follows from the scroll position alone.

export interface RowRange {
  /** First mounted row (inclusive). */
  readonly start: number;
  /** After the last mounted row (exclusive). */
  readonly end: number;
}

/** Rows mounted above and below the visible ones. */
export const OVERSCAN = 4;

export function visibleRange(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewportHeight: number,
  overscan: number = OVERSCAN,
): RowRange {
  if (count === 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  return {
    start: Math.max(0, Math.min(count - 1, first) - overscan),
    end: Math.min(count, first + visible + overscan),
  };
}
