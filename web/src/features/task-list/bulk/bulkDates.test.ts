import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { presetDate } from './bulkDates';

const NOW = dayjs('2026-11-22T15:30:00');

describe('bulk date presets', () => {
  it('end the chosen day', () => {
    expect(presetDate('today', NOW).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-22 23:59:59');
    expect(presetDate('tomorrow', NOW).format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(presetDate('next_month', NOW).format('YYYY-MM-DD')).toBe('2026-12-22');
  });
});
