import dayjs from 'dayjs';

export interface HolidayRow {
  readonly date: string;
  readonly name: string;
  readonly localName?: string | null;
}

/** Years a holiday list can be added for: this year to 20 years ahead (spec 002 §5, §9). */
export function yearOptions(now: Date, taken: readonly string[]): string[] {
  const first = now.getFullYear();
  return Array.from({ length: 21 }, (_, i) => String(first + i)).filter((y) => !taken.includes(y));
}

/** The year to show: the address's when the country has it, else the first (spec 002 §2.14). */
export function selectedYear(years: readonly string[], wanted: string | null): string | null {
  if (wanted && years.includes(wanted)) return wanted;
  return years[0] ?? null;
}

/**
 * A holiday list with one holiday saved: an edit (previous date given) replaces that holiday,
 * a holiday on a date already in the list replaces it only when it is the one being edited.
 * Answers null when the date is taken by another holiday ("You cannot add multiple holidays
 * on the same date").
 */
export function withHoliday(list: readonly HolidayRow[], holiday: HolidayRow, previousDate: string | null): HolidayRow[] | null {
  const rest = list.filter((h) => h.date !== previousDate);
  if (rest.some((h) => h.date === holiday.date)) return null;
  return [...rest, holiday].sort((a, b) => a.date.localeCompare(b.date));
}

export type TableRow =
  | { readonly kind: 'month'; readonly key: string; readonly month: number }
  | { readonly kind: 'holiday'; readonly key: string; readonly holiday: HolidayRow };

/** The table's rows: each month's holidays under a month divider row. */
export function groupByMonth(list: readonly HolidayRow[]): TableRow[] {
  const rows: TableRow[] = [];
  let month = -1;
  for (const h of [...list].sort((a, b) => a.date.localeCompare(b.date))) {
    const m = dayjs(h.date).month();
    if (m !== month) {
      month = m;
      rows.push({ kind: 'month', key: `month-${m}`, month: m });
    }
    rows.push({ kind: 'holiday', key: h.date, holiday: h });
  }
  return rows;
}
