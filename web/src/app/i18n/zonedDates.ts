import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Times in a named zone (a schedule's: decision 0159), apart from dates.ts so that dayjs's utc and
// timezone plugins load only with the screens that show such times (the workflow triggers'), not
// with the shell's first load (docs/decisions/0154-first-load-imports.md). The formats are the
// interface language's, as dates.ts sets them in dayjs's locales.
dayjs.extend(utc);
dayjs.extend(timezone);

/** A value as a dayjs in timeZone (an IANA name), null for none; a zone the browser does not know keeps the browser's. */
function inZone(value: ConfigType, timeZone: string): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  if (!d.isValid()) return null;
  try {
    return d.tz(timeZone);
  } catch {
    return d;
  }
}

/** A time of day in timeZone: 14:07, 14.07. */
export function formatTimeIn(value: ConfigType, timeZone: string): string {
  return inZone(value, timeZone)?.format('LT') ?? '';
}

/** A date with its time in timeZone: 23 Nov 2026 14:07, 23.11.2026 klo 14.07. */
export function formatDateTimeIn(value: ConfigType, timeZone: string): string {
  return inZone(value, timeZone)?.format('lll') ?? '';
}
