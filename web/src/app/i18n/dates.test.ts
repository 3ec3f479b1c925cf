import enUS from 'antd/es/locale/en_US';
import fiFI from 'antd/es/locale/fi_FI';
import svSE from 'antd/es/locale/sv_SE';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  dateInputFormat,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatLongDate,
  formatTime,
  formatWeekdayDate,
  loadDateLocale,
  withInputFormats,
} from './dates';

const AT = '2026-11-23T14:07:09';

describe('date formats, one set per language', () => {
  beforeAll(() => Promise.all([loadDateLocale('fi'), loadDateLocale('sv')]));

  afterEach(() => {
    dayjs.locale('en');
  });

  it.each([
    ['en', '23 Nov 2026', '23 November 2026', '14:07', '23 Nov 2026 14:07', '23 Nov 2026 14:07:09', 'Mon 23 Nov 2026', 'DD/MM/YYYY'],
    ['fi', '23.11.2026', '23. marraskuuta 2026', '14.07', '23.11.2026 klo 14.07', '23.11.2026 klo 14.07.09', 'ma 23.11.2026', 'D.M.YYYY'],
    ['sv', '23 nov. 2026', '23 november 2026', '14:07', '23 nov. 2026 14:07', '23 nov. 2026 14:07:09', 'mån 23 nov. 2026', 'YYYY-MM-DD'],
  ])('%s says a date as its readers write it', (language, date, long, time, dateTime, seconds, weekday, input) => {
    dayjs.locale(language);
    expect(formatDate(AT)).toBe(date);
    expect(formatLongDate(AT)).toBe(long);
    expect(formatTime(AT)).toBe(time);
    expect(formatDateTime(AT)).toBe(dateTime);
    expect(formatDateTimeSeconds(AT)).toBe(seconds);
    expect(formatWeekdayDate(AT)).toBe(weekday);
    expect(dateInputFormat()).toBe(input);
  });

  it('spells no month in a way Finnish does not use', () => {
    dayjs.locale('fi');
    for (let month = 0; month < 12; month++) {
      const day = dayjs('2026-01-15T12:00:00').month(month);
      expect(formatDate(day)).toMatch(/^\d{1,2}\.\d{1,2}\.2026$/);
      expect(formatLongDate(day)).toMatch(/^15\. [a-zä]+kuuta 2026$/);
      expect(formatWeekdayDate(day)).toMatch(/^[a-z]{2} \d{1,2}\.\d{1,2}\.2026$/);
    }
  });

  it('gives nothing for no date or a broken one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTimeSeconds(null)).toBe('');
  });
});

describe("antd's pickers", () => {
  it.each([
    ['en', enUS, 'DD/MM/YYYY', 'HH:mm', 'DD/MM/YYYY HH:mm', 'Select date'],
    ['fi', fiFI, 'D.M.YYYY', 'H.mm', 'D.M.YYYY H.mm', 'Valitse päivä'],
    ['sv', svSE, 'YYYY-MM-DD', 'HH:mm', 'YYYY-MM-DD HH:mm', 'Välj datum'],
  ] as const)('type and show dates in %s as its date inputs do, keeping the rest of its locale', (language, locale, date, time, dateTime, placeholder) => {
    const lang = withInputFormats(locale, language).DatePicker?.lang;
    expect(lang?.fieldDateFormat).toBe(date);
    expect(lang?.fieldTimeFormat).toBe(time);
    expect(lang?.fieldDateTimeFormat).toBe(dateTime);
    expect(lang?.placeholder).toBe(placeholder);
    // antd's own locale is left as it was
    expect(locale.DatePicker?.lang.fieldDateFormat).toBeUndefined();
  });
});
