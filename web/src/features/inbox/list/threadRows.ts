// Date dividers and overdue highlighting of the thread list (spec 001 §2, §4 Overdue).

import dayjs, { type Dayjs } from 'dayjs';
import type { Folder } from '../filters/urlState';

/** Overdue-soon: the due date falls within 2 days. */
export const OVERDUE_SOON_DAYS = 2;

export type OverdueState = 'overdue' | 'overdue_soon' | 'fresh';

export interface DueThread {
  readonly overdue: boolean;
  readonly dueDate?: string | null;
  readonly status: string;
}

const OPEN = new Set(['created', 'in_progress']);

/**
 * overdue is the server's flag; overdue-soon means due within the next 2 days. Neither is
 * shown in the closed or bin folders, nor for a thread that is no longer open.
 */
export function overdueState(thread: DueThread, folder: Folder, now: Dayjs = dayjs()): OverdueState {
  if (folder === 'closed' || folder === 'bin' || !OPEN.has(thread.status)) return 'fresh';
  if (thread.overdue) return 'overdue';
  if (!thread.dueDate) return 'fresh';
  const due = dayjs(thread.dueDate);
  if (due.isBefore(now)) return 'overdue';
  return due.diff(now, 'millisecond') <= OVERDUE_SOON_DAYS * 24 * 3600 * 1000 ? 'overdue_soon' : 'fresh';
}

export type DividerKind = 'overdue' | 'today' | 'yesterday' | 'date';

export interface DividerRow {
  readonly kind: 'divider';
  readonly key: string;
  readonly divider: DividerKind;
  /** The day (YYYY-MM-DD) for date dividers. */
  readonly day: string | null;
}

export interface ThreadRow<T> {
  readonly kind: 'thread';
  readonly key: string;
  readonly thread: T;
}

export type ListRow<T> = DividerRow | ThreadRow<T>;

export interface GroupableThread extends DueThread {
  readonly uuid: string;
  readonly activityAt: string;
}

/**
 * Turns the loaded threads (in the server's order) into rows with dividers: the overdue
 * threads the server puts first sit under one Overdue divider (open folders only), the
 * rest under Today, Yesterday or their day of last activity.
 */
export function buildRows<T extends GroupableThread>(threads: readonly T[], folder: Folder, now: Dayjs = dayjs()): ListRow<T>[] {
  const rows: ListRow<T>[] = [];
  let current: string | null = null;
  const seen = new Set<string>();
  const today = now.startOf('day');
  const yesterday = today.subtract(1, 'day');
  for (const thread of threads) {
    let divider: DividerKind;
    let day: string | null = null;
    if (overdueState(thread, folder, now) === 'overdue') {
      divider = 'overdue';
    } else {
      const at = dayjs(thread.activityAt).startOf('day');
      if (at.isSame(today)) divider = 'today';
      else if (at.isSame(yesterday)) divider = 'yesterday';
      else {
        divider = 'date';
        day = at.format('YYYY-MM-DD');
      }
    }
    const groupKey = `${divider}:${day ?? ''}`;
    if (groupKey !== current) {
      // A group can come back (an overdue thread inserted later): keep row keys unique.
      const key = seen.has(groupKey) ? `divider:${groupKey}:${rows.length}` : `divider:${groupKey}`;
      seen.add(groupKey);
      rows.push({ kind: 'divider', key, divider, day });
      current = groupKey;
    }
    rows.push({ kind: 'thread', key: thread.uuid, thread });
  }
  return rows;
}
