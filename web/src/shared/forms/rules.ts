// The form rules every form uses (spec 000 §5), with the spec's messages. Pure: the texts come
// from the translate function given (useFormRules gives the interface language's).

import type { FormRule } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import dayjs, { type Dayjs } from 'dayjs';
import { hasFirstAndLastName } from '../validation/personName';

/** An alias (the part of an address before @): only Latin letters and the symbols + and _. */
export const ALIAS_PATTERN = /^[A-Za-z_+]+$/;
/** A domain: letters, digits, dots or hyphens, then a dot and a top-level part of two or more letters. */
export const DOMAIN_PATTERN = /^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** An e-mail address: a local part, @, and a domain as above. */
export const EMAIL_PATTERN = /^[^\s@<>(),;:"]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** A phone number as the server takes it (engine/org phonePattern): +, digits, spaces, brackets, hyphens. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{5,20}$/;

/** Nothing typed or chosen: no value, an empty text or an empty list. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Typed, but only spaces: "This field cannot be empty". */
export function isWhitespaceOnly(value: unknown): boolean {
  return typeof value === 'string' && value !== '' && value.trim() === '';
}

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());
export const isPhone = (value: string): boolean => PHONE_PATTERN.test(value.trim());
export const isDomain = (value: string): boolean => DOMAIN_PATTERN.test(value.trim());
export const isAlias = (value: string): boolean => ALIAS_PATTERN.test(value.trim());

/** An absolute http(s) address with a host. */
export function isHttpUrl(value: string | null | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The keys of the rules' texts (forms namespace). */
export type RuleTextKey =
  | 'rule.alias'
  | 'rule.date_after'
  | 'rule.date_in_past'
  | 'rule.domain'
  | 'rule.email'
  | 'rule.empty'
  | 'rule.max_length'
  | 'rule.message_too_long'
  | 'rule.min_length'
  | 'rule.person_name'
  | 'rule.phone'
  | 'rule.required'
  | 'rule.url';

export type RuleTranslate = (key: RuleTextKey, values?: Record<string, string | number>) => string;

export interface FormRules {
  /** Something typed or chosen; only spaces is "cannot be empty". Marks the label required. */
  readonly required: FormRule;
  /** An optional text that, once typed, is more than spaces. */
  readonly notEmpty: FormRule;
  readonly minLength: (min: number) => FormRule;
  readonly maxLength: (max: number) => FormRule;
  /** A message's text: "The message text is too long" past max characters. */
  readonly messageLength: (max: number) => FormRule;
  readonly email: FormRule;
  readonly phone: FormRule;
  readonly url: FormRule;
  readonly domain: FormRule;
  readonly alias: FormRule;
  /** A person's name: required, first and last name (two words at least). */
  readonly personName: FormRule;
  /** A date (dayjs) not before today. */
  readonly notInPast: (now?: () => Dayjs) => FormRule;
  /** A date and time (dayjs) later than now (a bulk due date): "The selected date cannot be in the past". */
  readonly afterNow: (now?: () => Dayjs) => FormRule;
  /**
   * A date (dayjs) after the one in another field, named in the message by `format`. Give the
   * Form.Item `dependencies={[other]}` so that changing the other date checks this one again.
   */
  readonly dateAfter: (other: NamePath, format: (date: Dayjs) => string) => FormRule;
}

const ok = (): Promise<void> => Promise.resolve();

/**
 * The rules, their messages from `t`. Every rule but required and personName lets an empty value
 * pass. A message is looked up once `whenReady` resolves (the texts' namespace loaded), so that a
 * submit on a form's first render never shows a key.
 */
export function formRules(t: RuleTranslate, whenReady: () => Promise<unknown> = ok): FormRules {
  const fail = async (key: RuleTextKey, values?: Record<string, string | number>): Promise<void> => {
    await whenReady();
    throw new Error(t(key, values));
  };
  // A check of typed text: blank values are the required rule's business.
  const text = (passes: (value: string) => boolean, key: RuleTextKey, values?: Record<string, string | number>): FormRule => ({
    validator: (_, value: unknown) => (typeof value !== 'string' || value.trim() === '' || passes(value) ? ok() : fail(key, values)),
  });
  const requiredProblem = (value: unknown): RuleTextKey | null =>
    isBlank(value) ? 'rule.required' : isWhitespaceOnly(value) ? 'rule.empty' : null;
  return {
    required: {
      required: true,
      validator: (_, value: unknown) => {
        const problem = requiredProblem(value);
        return problem ? fail(problem) : ok();
      },
    },
    notEmpty: { validator: (_, value: unknown) => (isWhitespaceOnly(value) ? fail('rule.empty') : ok()) },
    minLength: (min) => text((v) => v.length >= min, 'rule.min_length', { min }),
    maxLength: (max) => text((v) => v.length <= max, 'rule.max_length', { max }),
    messageLength: (max) => text((v) => v.length <= max, 'rule.message_too_long'),
    email: text(isEmail, 'rule.email'),
    phone: text(isPhone, 'rule.phone'),
    url: text(isHttpUrl, 'rule.url'),
    domain: text(isDomain, 'rule.domain'),
    alias: text(isAlias, 'rule.alias'),
    personName: {
      required: true,
      validator: (_, value: unknown) => {
        const problem = requiredProblem(value);
        if (problem) return fail(problem);
        return hasFirstAndLastName(String(value)) ? ok() : fail('rule.person_name');
      },
    },
    notInPast: (now = () => dayjs()) => ({
      validator: (_, value: Dayjs | null | undefined) => (value && value.isBefore(now(), 'day') ? fail('rule.date_in_past') : ok()),
    }),
    afterNow: (now = () => dayjs()) => ({
      validator: (_, value: Dayjs | null | undefined) => (value && !value.isAfter(now()) ? fail('rule.date_in_past') : ok()),
    }),
    dateAfter: (other, format) => ({ getFieldValue }) => ({
      validator: (_, value: Dayjs | null | undefined) => {
        const after = getFieldValue(other) as Dayjs | null | undefined;
        return value && after && !value.isAfter(after) ? fail('rule.date_after', { after: format(after) }) : ok();
      },
    }),
  };
}
