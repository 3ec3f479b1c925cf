import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dueRangePreset } from './dueRange';

// A Wednesday.
const NOW = dayjs('2026-11-18T15:00:00');

describe('due-date presets', () => {
  it('give Monday-to-Sunday weeks', () => {
    expect(dueRangePreset('this_week', NOW)).toEqual({ dueDateFrom: '2026-11-16', dueDateTo: '2026-11-22' });
    expect(dueRangePreset('next_week', NOW)).toEqual({ dueDateFrom: '2026-11-23', dueDateTo: '2026-11-29' });
    expect(dueRangePreset('last_week', NOW)).toEqual({ dueDateFrom: '2026-11-09', dueDateTo: '2026-11-15' });
  });

  it('give whole months and the year', () => {
    expect(dueRangePreset('this_month', NOW)).toEqual({ dueDateFrom: '2026-11-01', dueDateTo: '2026-11-30' });
    expect(dueRangePreset('next_month', NOW)).toEqual({ dueDateFrom: '2026-12-01', dueDateTo: '2026-12-31' });
    expect(dueRangePreset('last_month', NOW)).toEqual({ dueDateFrom: '2026-10-01', dueDateTo: '2026-10-31' });
    expect(dueRangePreset('this_year', NOW)).toEqual({ dueDateFrom: '2026-01-01', dueDateTo: '2026-12-31' });
  });

  it('clear the range for any time', () => {
    expect(dueRangePreset('any_time', NOW)).toEqual({ dueDateFrom: null, dueDateTo: null });
  });
});
