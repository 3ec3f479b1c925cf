import { describe, expect, it } from 'vitest';
import { dayNumbers, nominalDates, readAnchorDate, withType, yearOptions } from './anchorDate';
import { checkValue, fieldSettings, fieldTabs, ruleText, valueToSend } from './fields';

const field = (type: string, extra: Partial<{ required: boolean; settings: unknown }> = {}) => ({
  type,
  required: extra.required ?? false,
  settings: extra.settings ?? {},
});

describe('dynamic field checks (spec 002 §5)', () => {
  it('needs a value only when required', () => {
    expect(checkValue(field('string', { required: true }), '  ')).toBe('blank');
    expect(checkValue(field('string'), '')).toBeNull();
  });
  it('limits texts to 250 characters', () => {
    expect(checkValue(field('text'), 'é'.repeat(250))).toBeNull();
    expect(checkValue(field('text'), 'é'.repeat(251))).toBe('too_long');
  });
  it('checks e-mails, links and numbers', () => {
    expect(checkValue(field('email'), 'a@b.fi')).toBeNull();
    expect(checkValue(field('email'), 'a@b')).toBe('invalid_email');
    expect(checkValue(field('link'), 'https://x.fi/a')).toBeNull();
    expect(checkValue(field('link'), 'x.fi')).toBe('invalid_url');
    expect(checkValue(field('integer'), 2.5)).toBe('not_an_integer');
    expect(checkValue(field('number'), 2.5)).toBeNull();
  });
  it('keeps choices to the allowed values', () => {
    const settings = { allowed_values: { a: 'A', b: 'B' } };
    expect(checkValue(field('radios', { settings }), 'a')).toBeNull();
    expect(checkValue(field('checkboxes', { settings }), ['a', 'c'])).toBe('inclusion');
    expect(fieldSettings(settings).allowedValues).toEqual([
      { key: 'a', label: 'A' },
      { key: 'b', label: 'B' },
    ]);
  });
  it("speak in the shared rules' words where one covers the problem", () => {
    expect(ruleText('blank', '')).toEqual({ key: 'rule.required' });
    expect(ruleText('blank', '  ')).toEqual({ key: 'rule.empty' });
    expect(ruleText('too_long', 'x')).toEqual({ key: 'rule.max_length', values: { max: 250 } });
    expect(ruleText('invalid_email', 'a@b')).toEqual({ key: 'rule.email' });
    expect(ruleText('invalid_url', 'x')).toEqual({ key: 'rule.url' });
    expect(ruleText('inclusion', 'c')).toBeNull();
  });
  it('sends trimmed texts and empty values as null', () => {
    expect(valueToSend('  x ')).toBe('x');
    expect(valueToSend(' ')).toBeNull();
    expect(valueToSend([])).toBeNull();
  });
  it('makes a general tab and one per active category with fields', () => {
    const f = (id: string, categoryId: string | null) => ({
      id,
      name: id,
      title: id,
      type: 'string',
      readonly: false,
      required: false,
      settings: {},
      categoryId,
      position: 0,
    });
    const tabs = fieldTabs(
      [f('1', null), f('2', '10'), f('3', '11'), f('4', '12')],
      [
        { id: '10', name: 'Accounting', active: true },
        { id: '11', name: 'Old', active: false },
        { id: '13', name: 'Empty', active: true },
      ],
    );
    expect(tabs.map((t) => t.key)).toEqual(['general', '10']);
  });
});

describe('anchor dates (spec 002 §4, §9)', () => {
  it('offers the current year and 20 ahead', () => {
    const years = yearOptions(new Date(2026, 5, 1));
    expect(years[0]).toBe(2026);
    expect(years).toHaveLength(21);
  });
  it('resets the day when the type changes', () => {
    const a = readAnchorDate({ date_type: 'day_of_month', day_number: 20 });
    expect(a).not.toBeNull();
    if (a) expect(withType(a, 'week_of_month').day_number).toBe(1);
  });
  it('allows the spec’s day numbers per type', () => {
    expect(dayNumbers('week_of_month')).toHaveLength(4);
    expect(dayNumbers('day_of_month')).toHaveLength(31);
    expect(dayNumbers('month_of_year')).toHaveLength(12);
  });
  it('previews the nominal dates of a year', () => {
    const [first] = nominalDates({ date_type: 'month_of_year', day_number: 12, following_interval: 1, holiday_handling: 'no_change' }, 2027);
    expect(first?.getMonth()).toBe(11);
    const feb = nominalDates({ date_type: 'day_of_month', day_number: 31, following_interval: 1, holiday_handling: 'no_change' }, 2027)[1];
    expect(feb?.getDate()).toBe(28);
  });
  it('reads only anchor dates', () => {
    expect(readAnchorDate('x')).toBeNull();
    expect(readAnchorDate({ date_type: 'nope', day_number: 1 })).toBeNull();
  });
});
