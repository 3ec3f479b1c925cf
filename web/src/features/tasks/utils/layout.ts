// What the tasks page shows at which window width (spec 001 §2 Tasks route).

/** Each header control shows only when the window is wider than its number (px). */
export const SHOW_ABOVE = {
  dueDateRange: 2050,
  assignee: 1750,
  search: 1600,
  contentToggles: 1200,
  dueToggles: 1100,
} as const;

export type HeaderControl = keyof typeof SHOW_ABOVE;

/** The bulk change buttons sit inline only above this width, and only while no task is open. */
export const INLINE_BULK_ABOVE = 1780;

/** Which header controls show at a window width (the filters popover always does). */
export function headerControls(width: number): Record<HeaderControl, boolean> {
  return {
    dueDateRange: width > SHOW_ABOVE.dueDateRange,
    assignee: width > SHOW_ABOVE.assignee,
    search: width > SHOW_ABOVE.search,
    contentToggles: width > SHOW_ABOVE.contentToggles,
    dueToggles: width > SHOW_ABOVE.dueToggles,
  };
}

/**
 * Which bulk actions are buttons rather than items of the Actions menu: every one on a
 * wide window with no task open; otherwise only mark read and unread.
 */
export function bulkButtons(width: number, taskOpen: boolean): 'all' | 'read' {
  return width > INLINE_BULK_ABOVE && !taskOpen ? 'all' : 'read';
}

/** Content toggles and due-date toggles of the header (each a filter flag). */
export const CONTENT_TOGGLES = ['urgent', 'withMessages', 'withAttachments'] as const;
export const DUE_TOGGLES = ['withDueDate', 'overdue', 'dueToday', 'dueTomorrow'] as const;
