import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/forms.json';
import { formRules, isAlias, isDomain, isEmail, isHttpUrl, isPhone, type RuleTranslate } from './rules';

// The English texts, placeholders filled as i18next does: the messages the spec words.
const t: RuleTranslate = (key, values = {}) =>
  en[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const rules = formRules(t);

type Validator = (rule: RuleObject, value: unknown) => Promise<void>;
/** A rule's outcome for a value: null when it passes, else its message. */
async function check(rule: unknown, value: unknown, fields: Record<string, unknown> = {}): Promise<string | null> {
  const object = (typeof rule === 'function' ? rule({ getFieldValue: (name: string) => fields[name] } as unknown as FormInstance) : rule) as RuleObject;
  try {
    await (object.validator as Validator)(object, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('form rules', () => {
  it('require a value, and more than spaces', async () => {
    expect((rules.required as RuleObject).required).toBe(true);
    for (const blank of [undefined, null, '', []]) expect(await check(rules.required, blank)).toBe('The field is required.');
    expect(await check(rules.required, '   ')).toBe('This field cannot be empty');
    expect(await check(rules.required, 'Acme')).toBeNull();
    expect(await check(rules.required, ['1'])).toBeNull();
    expect(await check(rules.required, 0)).toBeNull();
    expect(await check(rules.notEmpty, ' ')).toBe('This field cannot be empty');
    expect(await check(rules.notEmpty, '')).toBeNull();
  });

  it('bound the length with the spec messages', async () => {
    expect(await check(rules.minLength(3), 'ab')).toBe('The field must have a min length of 3 characters.');
    expect(await check(rules.minLength(3), 'abc')).toBeNull();
    expect(await check(rules.maxLength(5), 'abcdef')).toBe('The field must have a max length of 5 characters.');
    expect(await check(rules.maxLength(5), 'abcde')).toBeNull();
    expect(await check(rules.messageLength(4), 'hello')).toBe('The message text is too long');
    // an empty value is the required rule's business
    expect(await check(rules.minLength(3), '')).toBeNull();
  });

  it.each([
    ['email', 'anna@', 'Email address is not valid', ' anna@acme.test '],
    ['phone', '12ab', 'Value is not a valid phone', '+358 (40) 123-4567'],
    ['url', 'login.example.com', 'The value is not a valid URL address', 'https://login.example.com/realms/acme'],
    ['domain', 'localhost', 'Domain is not valid', 'mail.acme-group.fi'],
    ['alias', 'acme-books', 'Only Latin letters and the symbols + and _ are allowed', 'Acme+in_books'],
  ] as const)('%s: refuses %s, takes %s', async (name, bad, message, good) => {
    expect(await check(rules[name], bad)).toBe(message);
    expect(await check(rules[name], good)).toBeNull();
    expect(await check(rules[name], '')).toBeNull();
  });

  it("want a person's first and last name", async () => {
    expect((rules.personName as RuleObject).required).toBe(true);
    expect(await check(rules.personName, '')).toBe('The field is required.');
    expect(await check(rules.personName, '  ')).toBe('This field cannot be empty');
    expect(await check(rules.personName, 'Anna')).toBe('Enter a first and a last name.');
    expect(await check(rules.personName, 'Anna Virtanen')).toBeNull();
  });

  it('check dates: not in the past, after another', async () => {
    const now = () => dayjs('2026-05-10T12:00:00');
    expect(await check(rules.notInPast(now), dayjs('2026-05-09T23:00:00'))).toBe('The selected date cannot be in the past');
    expect(await check(rules.notInPast(now), dayjs('2026-05-10T08:00:00'))).toBeNull();
    expect(await check(rules.notInPast(now), null)).toBeNull();
    // after now: earlier the same day is past, and so is now itself
    expect(await check(rules.afterNow(now), dayjs('2026-05-10T08:00:00'))).toBe('The selected date cannot be in the past');
    expect(await check(rules.afterNow(now), now())).toBe('The selected date cannot be in the past');
    expect(await check(rules.afterNow(now), dayjs('2026-05-10T12:01:00'))).toBeNull();
    expect(await check(rules.afterNow(now), null)).toBeNull();

    const after = rules.dateAfter('start', (d) => d.format('D.M.YYYY'));
    const start = dayjs('2026-05-10');
    expect(await check(after, dayjs('2026-05-10'), { start })).toBe('The date should be greater than 10.5.2026');
    expect(await check(after, dayjs('2026-05-01'), { start })).toBe('The date should be greater than 10.5.2026');
    expect(await check(after, dayjs('2026-05-11'), { start })).toBeNull();
    expect(await check(after, dayjs('2026-05-01'), {})).toBeNull();
  });
});

describe('value checks', () => {
  it.each([
    ['anna@acme.test', true],
    ['anna@localhost', false],
    ['Anna <anna@acme.test>', false],
    ['not an address', false],
  ])('e-mail %s: %s', (value, ok) => expect(isEmail(value)).toBe(ok));

  it.each([
    ['acme.test', true],
    ['acme.t', false],
    ['acme .test', false],
  ])('domain %s: %s', (value, ok) => expect(isDomain(value)).toBe(ok));

  it.each([
    ['acme_books', true],
    ['acme1', false],
    ['äiti', false],
  ])('alias %s: %s', (value, ok) => expect(isAlias(value)).toBe(ok));

  it.each([
    ['040 123 4567', true],
    ['+46-8-123', true],
    ['1234', false],
    ['call me', false],
  ])('phone %s: %s', (value, ok) => expect(isPhone(value)).toBe(ok));

  it.each([
    ['https://login.example.com/realms/acme', true],
    ['http://127.0.0.1:9000', true],
    ['login.example.com', false],
    ['ftp://example.com', false],
    ['https://', false],
    ['', false],
  ])('web address %s: %s', (value, ok) => expect(isHttpUrl(value)).toBe(ok));
});
