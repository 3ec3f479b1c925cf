// Date dividers of the thread list (spec 001 §2).

import dayjs, { type Dayjs } from 'dayjs';
import type { Folder } from '../../task-list';
import { overdueState, type DueThread } from '../../task-list';

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
