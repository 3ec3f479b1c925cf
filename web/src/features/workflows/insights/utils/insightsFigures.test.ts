import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { days, percent, periodWindow } from './insightsFigures';

describe('run analytics figures', () => {
  it('shows seconds as days with one decimal', () => {
    expect(days(86400)).toBe(1);
    expect(days(1.25 * 86400)).toBe(1.3);
    expect(days(3600)).toBe(0);
    expect(days(4 * 3600)).toBe(0.2);
    expect(days(null)).toBeNull();
  });

  it('gives shares in whole per cent', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(0, 0)).toBeNull();
  });

  it('ends the periods today and keeps 24 months within the limit', () => {
    const today = dayjs('2026-12-06');
    expect(periodWindow('3m', today)).toEqual({ dateFrom: '2026-09-07', dateTo: '2026-12-06' });
    expect(periodWindow('6m', today)).toEqual({ dateFrom: '2026-06-07', dateTo: '2026-12-06' });
    expect(periodWindow('24m', today)).toEqual({ dateFrom: '2024-12-07', dateTo: '2026-12-06' });
    // 3 months go by week on the server (under 92 days), even over the longest months
    const summer = periodWindow('3m', dayjs('2026-09-30'));
    expect(dayjs(summer.dateTo).diff(dayjs(summer.dateFrom), 'day')).toBeLessThan(92);
  });
});
