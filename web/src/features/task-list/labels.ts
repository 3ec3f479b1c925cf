import type { TFunction } from 'i18next';

// Server values shown through the thread namespace; unknown values show as they are.

const STATUS_KEYS = {
  created: 'status.created',
  in_progress: 'status.in_progress',
  closed: 'status.closed',
  failed: 'status.failed',
  skipped: 'status.skipped',
  cancelled: 'status.cancelled',
  canceled: 'status.cancelled',
  open: 'status.open',
  completed: 'status.completed',
} as const;

const PRIORITY_KEYS = {
  very_high: 'priority.very_high',
  high: 'priority.high',
  medium: 'priority.medium',
  low: 'priority.low',
} as const;

export const PRIORITIES = ['very_high', 'high', 'medium', 'low'] as const;

type ThreadT = TFunction<'thread'>;

export function statusLabel(t: ThreadT, status: string): string {
  const key = STATUS_KEYS[status as keyof typeof STATUS_KEYS];
  return key ? t(key) : status;
}

export function priorityLabel(t: ThreadT, priority: string): string {
  const key = PRIORITY_KEYS[priority as keyof typeof PRIORITY_KEYS];
  return key ? t(key) : priority;
}

export const statusColor = (status: string): string =>
  status === 'in_progress' ? 'processing' : status === 'created' ? 'default' : status === 'closed' ? 'success' : 'warning';
