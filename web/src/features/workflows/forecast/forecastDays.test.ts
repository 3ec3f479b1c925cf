import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLD, countsByDate, daysOf, heatLevel, isBusy, monthOf, monthWindow, movedReason, readThreshold, writeThreshold } from './forecastDays';

describe('the forecast window', () => {
  const today = dayjs('2027-03-14');
  it('is the address month, or this month', () => {
    expect(monthWindow(monthOf('2027-02', today))).toEqual({ dateFrom: '2027-02-01', dateTo: '2027-02-28' });
    expect(monthWindow(monthOf(null, today))).toEqual({ dateFrom: '2027-03-01', dateTo: '2027-03-31' });
    expect(monthWindow(monthOf('2027-13', today))).toEqual({ dateFrom: '2027-03-01', dateTo: '2027-03-31' });
  });
  it('lists the days of a leap February', () => {
    const days = daysOf(monthOf('2028-02', today));
    expect(days).toHaveLength(29);
    expect(days.at(-1)).toBe('2028-02-29');
  });
});

describe('the counts', () => {
  it('maps days to counts', () => {
    const m = countsByDate([{ date: '2027-01-29', count: 140 }]);
    expect(m.get('2027-01-29')).toBe(140);
    expect(m.get('2027-01-30')).toBeUndefined();
  });
  it('steps the heat relative to the busiest cell', () => {
    expect([0, 1, 25, 26, 50, 75, 100].map((n) => heatLevel(n, 100))).toEqual([0, 1, 1, 2, 2, 3, 4]);
    expect(heatLevel(3, 0)).toBe(0);
  });
  it('marks a day busy above the threshold only', () => {
    expect(isBusy(10, 10)).toBe(false);
    expect(isBusy(11, 10)).toBe(true);
  });
});

describe('the threshold', () => {
  it('is kept per browser, a whole number from 1', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(readThreshold(storage)).toBe(DEFAULT_THRESHOLD);
    writeThreshold(storage, 25);
    expect(readThreshold(storage)).toBe(25);
    storage.setItem('portico.workflowForecast.threshold', '0');
    expect(readThreshold(storage)).toBe(DEFAULT_THRESHOLD);
    expect(readThreshold(undefined)).toBe(DEFAULT_THRESHOLD);
  });
});

describe('why a due date moved', () => {
  it('names the holidays by their local names, else the weekend, each once', () => {
    const weekend = { holidays: [] };
    const christmas = { holidays: [{ name: 'Christmas Day', localName: 'Joulupäivä' }, { name: 'Boxing Day', localName: null }] };
    expect(movedReason([weekend, weekend], 'weekend')).toBe('weekend');
    expect(movedReason([christmas, weekend, weekend], 'weekend')).toBe('Joulupäivä, Boxing Day, weekend');
    expect(movedReason([], 'weekend')).toBe('');
  });
});
