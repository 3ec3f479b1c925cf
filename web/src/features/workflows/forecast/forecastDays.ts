import dayjs, { type Dayjs } from 'dayjs';

// Pure helpers of the forecast screen: its window, the counts by day and the heat scale.

export const DATE = 'YYYY-MM-DD';
const MONTH = 'YYYY-MM';

/** The month shown: the address's YYYY-MM, or this month when it has none (or a broken one). */
export function monthOf(value: string | null | undefined, today: Dayjs = dayjs()): Dayjs {
  return (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? dayjs(`${value}-01`) : today).startOf('month');
}

export const monthKey = (month: Dayjs): string => month.format(MONTH);

/** The forecast's window for a month: its first and last day. */
export function monthWindow(month: Dayjs): { dateFrom: string; dateTo: string } {
  return { dateFrom: month.startOf('month').format(DATE), dateTo: month.endOf('month').format(DATE) };
}

/** The days of a month, as YYYY-MM-DD. */
export function daysOf(month: Dayjs): string[] {
  const first = month.startOf('month');
  return Array.from({ length: first.daysInMonth() }, (_, i) => first.add(i, 'day').format(DATE));
}

export interface DayCount {
  readonly date: string;
  readonly count: number;
}

/** The counts by day (days the answer leaves out have none). */
export function countsByDate(days: readonly DayCount[]): ReadonlyMap<string, number> {
  return new Map(days.map((d) => [d.date, d.count]));
}

/** A count's step on a five-step heat scale (0 for none) relative to the busiest cell. */
export function heatLevel(count: number, max: number): 0 | 1 | 2 | 3 | 4 {
  if (count <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((count / max) * 4))) as 1 | 2 | 3 | 4;
}

/** A day is marked busy when more tasks than the threshold fall on it. */
export const isBusy = (count: number, threshold: number): boolean => count > threshold;

export const DEFAULT_THRESHOLD = 8;
export const THRESHOLD_KEY = 'portico.workflowForecast.threshold';

/** The busy-day threshold this browser keeps (a whole number from 1). */
export function readThreshold(storage: Pick<Storage, 'getItem'> | undefined): number {
  const n = Number(storage?.getItem(THRESHOLD_KEY));
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_THRESHOLD;
}

export function writeThreshold(storage: Pick<Storage, 'setItem'> | undefined, value: number): void {
  try {
    storage?.setItem(THRESHOLD_KEY, String(value));
  } catch {
    // private mode: the threshold lasts for the page
  }
}

/** A day a due date moved over: a weekend day or holidays. */
export interface MovedDay {
  readonly holidays: readonly { readonly name: string; readonly localName?: string | null }[];
}

/** Why a due date moved: the holidays it moved over (by their local names), else the weekend; each once. */
export function movedReason(days: readonly MovedDay[], weekend: string): string {
  const reasons = days.map((d) => (d.holidays.length ? d.holidays.map((h) => h.localName ?? h.name).join(', ') : weekend));
  return reasons.filter((r, i) => reasons.indexOf(r) === i).join(', ');
}
