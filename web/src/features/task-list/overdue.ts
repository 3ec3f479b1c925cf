// Overdue highlighting of the inbox list and the tasks table (spec 001 §4 Overdue).

import dayjs, { type Dayjs } from 'dayjs';
import type { Folder } from './filters/urlState';

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
