// The lists' shared constants (spec 000 "Global constants"): tables and infinite loading.

/** Skeleton rows a table shows while its first page loads. */
export const TABLE_SKELETON_ROWS = 10;
/** Every data table's size. */
export const TABLE_SIZE = 'small' as const;

/** Infinite loading: a list's next page is asked for this close (px) to its end, by default. */
export const INFINITE_TRIGGER_DISTANCE_PX = 10;
/** Infinite loading: the next page loads within this share of the viewport's height from the bottom. */
export const INFINITE_BOTTOM_THRESHOLD = 0.4;
/** Infinite loading: older entries (a thread's earlier messages) load within this share from the top. */
export const INFINITE_TOP_THRESHOLD = 0.3;
/** Infinite loading: at most one page request per this many ms from scrolling. */
export const INFINITE_THROTTLE_MS = 1000;

/** Tooltips on truncated cells and texts open after this delay (ms). */
export const TRUNCATED_TOOLTIP_DELAY_MS = 1000;

/** How far (px) from a scrolled element's end a next page is asked for: the threshold's share of its height, at least the trigger distance. */
export function loadAheadDistance(viewportHeight: number, threshold: number = INFINITE_BOTTOM_THRESHOLD): number {
  return Math.max(INFINITE_TRIGGER_DISTANCE_PX, Math.round(viewportHeight * threshold));
}
