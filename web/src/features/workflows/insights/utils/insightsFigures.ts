// The figures run analytics show, computed once for the table, its CSV and the canvas.
import type { Dayjs } from 'dayjs';

const DAY_SECONDS = 86400;

/** Seconds as days, rounded to one decimal (what every screen and export shows); null stays null. */
export function days(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  return Math.round((seconds / DAY_SECONDS) * 10) / 10;
}

/** A share in per cent, rounded to a whole number; null without a whole. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 100) : null;
}

/** The window choices: the last 3, 6, 12 or 24 months up to today, or days chosen. */
export const PERIODS = ['3m', '6m', '12m', '24m', 'custom'] as const;
export type InsightsPeriod = (typeof PERIODS)[number];

export const DEFAULT_PERIOD: InsightsPeriod = '6m';

const MONTHS: Record<Exclude<InsightsPeriod, 'custom'>, number> = { '3m': 3, '6m': 6, '12m': 12, '24m': 24 };

export interface InsightsWindow {
  readonly dateFrom: string;
  readonly dateTo: string;
}

/**
 * The days of a period up to today (both included): the last n months, so that 24 months
 * stays within the server's limit (dateTo before dateFrom plus 24 months).
 */
export function periodWindow(period: Exclude<InsightsPeriod, 'custom'>, today: Dayjs): InsightsWindow {
  return { dateFrom: today.subtract(MONTHS[period], 'month').add(1, 'day').format('YYYY-MM-DD'), dateTo: today.format('YYYY-MM-DD') };
}

/** The browser's time zone (IANA), UTC when it names none. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && (zone === 'UTC' || zone.includes('/')) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}
