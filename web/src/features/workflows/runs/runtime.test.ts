import { describe, expect, it } from 'vitest';
import { runtime } from './runtime';

const START = '2026-01-01T08:00:00Z';
const after = (ms: number) => new Date(Date.parse(START) + ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('runtime', () => {
  it('is blank under an hour', () => {
    expect(runtime(START, START)).toBeNull();
    expect(runtime(START, after(HOUR - 1))).toBeNull();
  });

  it.each([
    [HOUR, 'hours', 1],
    [23 * HOUR + 59 * 60_000, 'hours', 23],
    [DAY, 'days', 1],
    [29 * DAY + 23 * HOUR, 'days', 29],
    [30 * DAY, 'months', 1],
    [364 * DAY, 'months', 12],
    [365 * DAY, 'years', 1],
    [3 * 365 * DAY + 200 * DAY, 'years', 3],
  ])('takes %i ms as %s: %i', (ms, unit, count) => {
    expect(runtime(START, after(ms))).toEqual({ unit, count });
  });

  it('counts to now while the run has not ended', () => {
    expect(runtime(START, null, new Date(Date.parse(START) + 5 * HOUR))).toEqual({ unit: 'hours', count: 5 });
    expect(runtime(START, undefined, new Date(Date.parse(START) + 10 * 60_000))).toBeNull();
  });

  it('is blank for times it cannot read, or an end before the start', () => {
    expect(runtime('not a date', after(DAY))).toBeNull();
    expect(runtime(after(DAY), START)).toBeNull();
  });
});
