import { describe, expect, it } from 'vitest';
import { groupByMonth, selectedYear, withHoliday, yearOptions } from './holidays';

const list = [
  { date: '2027-01-01', name: "New Year's Day" },
  { date: '2027-01-06', name: 'Epiphany' },
  { date: '2027-12-06', name: 'Independence Day' },
];

describe('holiday lists', () => {
  it('groups by month under divider rows', () => {
    expect(groupByMonth(list).map((r) => r.kind)).toEqual(['month', 'holiday', 'holiday', 'month', 'holiday']);
  });

  it('replaces the edited holiday, also on its own date', () => {
    const next = withHoliday(list, { date: '2027-01-06', name: 'Loppiainen' }, '2027-01-06');
    expect(next?.find((h) => h.date === '2027-01-06')?.name).toBe('Loppiainen');
    expect(next).toHaveLength(3);
  });

  it('refuses a second holiday on a date', () => {
    expect(withHoliday(list, { date: '2027-01-01', name: 'Other' }, null)).toBeNull();
    expect(withHoliday(list, { date: '2027-01-01', name: 'Other' }, '2027-01-06')).toBeNull();
  });

  it('selects the asked year, else the first', () => {
    expect(selectedYear(['2026', '2027'], '2027')).toBe('2027');
    expect(selectedYear(['2026', '2027'], '1999')).toBe('2026');
    expect(selectedYear([], null)).toBeNull();
  });

  it('offers this year to twenty ahead, without taken years', () => {
    const years = yearOptions(new Date(2026, 5, 1), ['2027']);
    expect(years[0]).toBe('2026');
    expect(years).not.toContain('2027');
    expect(years.at(-1)).toBe('2046');
  });
});
