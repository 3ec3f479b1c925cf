// Due-date filter presets (spec 001 §9): any time, this, next and last week, this, next
// and last month, this year.

import type { Dayjs, OpUnitType } from 'dayjs';

export const DUE_RANGE_PRESETS = [
  'any_time',
  'this_week',
  'next_week',
  'last_week',
  'this_month',
  'next_month',
  'last_month',
  'this_year',
] as const;
export type DueRangePreset = (typeof DUE_RANGE_PRESETS)[number];

export interface DueRange {
  readonly dueDateFrom: string | null;
  readonly dueDateTo: string | null;
}

const day = (d: Dayjs): string => d.format('YYYY-MM-DD');

function span(now: Dayjs, unit: OpUnitType, shift: number): DueRange {
  // Weeks start on Monday here, whatever the locale says.
  const base = unit === 'week' ? now.subtract((now.day() + 6) % 7, 'day').startOf('day') : now.startOf(unit);
  const start = base.add(shift, unit === 'week' ? 'week' : unit === 'month' ? 'month' : 'year');
  const end = start.add(1, unit === 'week' ? 'week' : unit === 'month' ? 'month' : 'year').subtract(1, 'day');
  return { dueDateFrom: day(start), dueDateTo: day(end) };
}

/** The inclusive day range of a preset, around now. */
export function dueRangePreset(preset: DueRangePreset, now: Dayjs): DueRange {
  switch (preset) {
    case 'any_time':
      return { dueDateFrom: null, dueDateTo: null };
    case 'this_week':
      return span(now, 'week', 0);
    case 'next_week':
      return span(now, 'week', 1);
    case 'last_week':
      return span(now, 'week', -1);
    case 'this_month':
      return span(now, 'month', 0);
    case 'next_month':
      return span(now, 'month', 1);
    case 'last_month':
      return span(now, 'month', -1);
    case 'this_year':
      return span(now, 'year', 0);
  }
}
