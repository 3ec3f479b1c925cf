/** Anchor dates (spec 002 §3 "Anchor date", §4, §5, §9). */

export const ANCHOR_DATE_TYPES = [
  'day_of_week',
  'day_of_following_week',
  'day_of_month',
  'day_of_following_month',
  'week_of_month',
  'month_of_year',
] as const;
export type AnchorDateType = (typeof ANCHOR_DATE_TYPES)[number];

export const HOLIDAY_HANDLINGS = ['previous_weekday', 'next_weekday', 'no_change'] as const;
export type HolidayHandling = (typeof HOLIDAY_HANDLINGS)[number];

export interface AnchorDate {
  readonly day_number: number;
  readonly date_type: AnchorDateType;
  readonly following_interval: number;
  readonly holiday_handling: HolidayHandling;
}

export const DEFAULT_ANCHOR_DATE: AnchorDate = {
  day_number: 1,
  date_type: 'day_of_month',
  following_interval: 1,
  holiday_handling: 'previous_weekday',
};

/** Spec 002 §9: year options run from the current year to 20 years ahead. */
export const ANCHOR_YEARS_AHEAD = 20;

export function yearOptions(now: Date = new Date()): number[] {
  const first = now.getFullYear();
  return Array.from({ length: ANCHOR_YEARS_AHEAD + 1 }, (_, i) => first + i);
}

/** The day numbers a type allows: weekdays 1–7, days 1–31, weeks 1–4, months 1–12. */
export function dayNumbers(type: AnchorDateType): number[] {
  const count =
    type === 'day_of_week' || type === 'day_of_following_week'
      ? 7
      : type === 'week_of_month'
        ? 4
        : type === 'month_of_year'
          ? 12
          : 31;
  return Array.from({ length: count }, (_, i) => i + 1);
}

/** Whether the type counts weeks or months on from the period (following_interval matters). */
export const hasInterval = (type: AnchorDateType): boolean =>
  type === 'day_of_following_week' || type === 'day_of_following_month';

export const intervalUnit = (type: AnchorDateType): 'weeks' | 'months' =>
  type === 'day_of_following_week' ? 'weeks' : 'months';

/** Reads a stored value, or null when it is not an anchor date. */
export function readAnchorDate(value: unknown): AnchorDate | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const type = v.date_type;
  if (typeof type !== 'string' || !(ANCHOR_DATE_TYPES as readonly string[]).includes(type)) return null;
  const day = Number(v.day_number);
  const interval = v.following_interval === undefined ? 1 : Number(v.following_interval);
  const handling = typeof v.holiday_handling === 'string' ? v.holiday_handling : 'previous_weekday';
  return {
    date_type: type as AnchorDateType,
    day_number: Number.isInteger(day) ? day : 1,
    following_interval: Number.isInteger(interval) && interval >= 0 ? interval : 1,
    holiday_handling: ((HOLIDAY_HANDLINGS as readonly string[]).includes(handling) ? handling : 'previous_weekday') as HolidayHandling,
  };
}

/** Changing the type resets the day number to 1 (spec 002 §4). */
export function withType(anchor: AnchorDate, type: AnchorDateType): AnchorDate {
  return { ...anchor, date_type: type, day_number: 1 };
}

/**
 * The nominal day (before holiday handling) the anchor names in each month of a year, or in
 * the year for month_of_year: a preview for the chosen year. Weeks start on Monday.
 */
export function nominalDates(anchor: AnchorDate, year: number): Date[] {
  const out: Date[] = [];
  const clampDay = (y: number, m: number, d: number) => new Date(y, m, Math.min(d, new Date(y, m + 1, 0).getDate()));
  switch (anchor.date_type) {
    case 'month_of_year':
      return [new Date(year, anchor.day_number - 1, 1)];
    case 'day_of_month':
      for (let m = 0; m < 12; m += 1) out.push(clampDay(year, m, anchor.day_number));
      return out;
    case 'day_of_following_month':
      for (let m = 0; m < 12; m += 1) out.push(clampDay(year, m + anchor.following_interval, anchor.day_number));
      return out;
    case 'week_of_month':
      for (let m = 0; m < 12; m += 1) {
        const first = new Date(year, m, 1);
        const toMonday = (8 - first.getDay()) % 7;
        out.push(new Date(year, m, 1 + toMonday + 7 * (anchor.day_number - 1)));
      }
      return out;
    default: {
      // weekly types: the first four weeks of January as a sample
      const jan1 = new Date(year, 0, 1);
      const monday = new Date(year, 0, 1 + ((8 - jan1.getDay()) % 7));
      const extra = anchor.date_type === 'day_of_following_week' ? 7 * anchor.following_interval : 0;
      for (let w = 0; w < 4; w += 1) out.push(new Date(year, 0, monday.getDate() + 7 * w + extra + anchor.day_number - 1));
      return out;
    }
  }
}
