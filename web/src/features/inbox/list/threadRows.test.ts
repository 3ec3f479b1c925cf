import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { overdueState } from '../../task-list';
import { buildRows } from './threadRows';

const NOW = dayjs('2026-11-22T12:00:00');
const thread = (uuid: string, activityAt: string, extra: Partial<{ overdue: boolean; dueDate: string | null; status: string }> = {}) => ({
  uuid,
  activityAt,
  overdue: false,
  dueDate: null,
  status: 'created',
  ...extra,
});

describe('overdue highlighting', () => {
  it('follows the server flag', () => {
    expect(overdueState(thread('a', '2026-11-22T10:00:00', { overdue: true }), 'inbox', NOW)).toBe('overdue');
  });

  it('marks a due date within 2 days as overdue soon, later ones not', () => {
    expect(overdueState(thread('a', '', { dueDate: '2026-11-23T12:00:00' }), 'inbox', NOW)).toBe('overdue_soon');
    expect(overdueState(thread('a', '', { dueDate: '2026-11-24T11:59:00' }), 'inbox', NOW)).toBe('overdue_soon');
    expect(overdueState(thread('a', '', { dueDate: '2026-11-24T12:01:00' }), 'inbox', NOW)).toBe('fresh');
    expect(overdueState(thread('a', ''), 'inbox', NOW)).toBe('fresh');
  });

  it('shows neither in the closed or bin folders, nor for finished threads', () => {
    const late = thread('a', '', { overdue: true, dueDate: '2026-11-23T00:00:00' });
    expect(overdueState(late, 'closed', NOW)).toBe('fresh');
    expect(overdueState(late, 'bin', NOW)).toBe('fresh');
    expect(overdueState({ ...late, status: 'closed' }, 'search', NOW)).toBe('fresh');
    expect(overdueState({ ...late, overdue: false }, 'new', NOW)).toBe('overdue_soon');
  });
});

describe('date dividers', () => {
  it('group overdue threads first, then today, yesterday and older days', () => {
    const rows = buildRows(
      [
        thread('late', '2026-11-01T09:00:00', { overdue: true }),
        thread('t1', '2026-11-22T11:00:00'),
        thread('t2', '2026-11-22T08:00:00'),
        thread('y1', '2026-11-21T23:00:00'),
        thread('o1', '2026-11-10T10:00:00'),
        thread('o2', '2026-11-10T09:00:00'),
        thread('o3', '2026-11-09T09:00:00'),
      ],
      'inbox',
      NOW,
    );
    expect(rows.map((r) => (r.kind === 'divider' ? `[${r.divider}${r.day ? ` ${r.day}` : ''}]` : r.key))).toEqual([
      '[overdue]',
      'late',
      '[today]',
      't1',
      't2',
      '[yesterday]',
      'y1',
      '[date 2026-11-10]',
      'o1',
      'o2',
      '[date 2026-11-09]',
      'o3',
    ]);
  });

  it('has no overdue group in the closed folder', () => {
    const rows = buildRows([thread('late', '2026-11-22T09:00:00', { overdue: true })], 'closed', NOW);
    expect(rows.map((r) => r.key)).toEqual(['divider:today:', 'late']);
  });

  it('keeps row keys unique when a group comes back', () => {
    const rows = buildRows(
      [thread('a', '2026-11-22T09:00:00'), thread('b', '2026-11-21T09:00:00'), thread('c', '2026-11-22T08:00:00')],
      'inbox',
      NOW,
    );
    const keys = rows.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
