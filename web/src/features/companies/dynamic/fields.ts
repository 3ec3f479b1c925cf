/** Dynamic fields (spec 002 §3 "Dynamic field", §5): types, settings and the client's checks. */

import { isBlank, isEmail, isHttpUrl, isWhitespaceOnly, type RuleTextKey } from '../../../shared/forms/rules';

export const DYNAMIC_FIELD_TYPES = [
  'string',
  'email',
  'link',
  'integer',
  'number',
  'text',
  'dropdown',
  'date',
  'datetime',
  'boolean',
  'checkboxes',
  'radios',
  'anchor_date',
] as const;
export type DynamicFieldType = (typeof DYNAMIC_FIELD_TYPES)[number];

/** Spec 002 §9: dynamic text limit and the value debounce. */
export const DYNAMIC_TEXT_LIMIT = 250;
export const DYNAMIC_SAVE_DEBOUNCE_MS = 500;

export interface DynamicFieldLike {
  readonly id: string;
  readonly name: string;
  readonly title: string;
  readonly type: string;
  readonly value?: unknown;
  readonly readonly: boolean;
  readonly required: boolean;
  readonly settings: unknown;
  readonly categoryId?: string | null;
  readonly position: number;
}

export interface FieldSettings {
  readonly allowedValues: ReadonlyArray<{ readonly key: string; readonly label: string }>;
  readonly multiple: boolean;
}

/** The settings as the server stores them: {allowed_values: {key: label}, multiple}. */
export function fieldSettings(settings: unknown): FieldSettings {
  const s = (settings && typeof settings === 'object' ? settings : {}) as {
    allowed_values?: Record<string, unknown>;
    multiple?: unknown;
  };
  const allowed = s.allowed_values && typeof s.allowed_values === 'object' ? s.allowed_values : {};
  return {
    allowedValues: Object.entries(allowed)
      .map(([key, label]) => ({ key, label: typeof label === 'string' ? label : key }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    multiple: s.multiple === true,
  };
}

/** Error keys shared with the server (updateDynamicFields' errors). */
export type FieldErrorKey =
  | 'blank'
  | 'too_long'
  | 'invalid_email'
  | 'invalid_url'
  | 'not_an_integer'
  | 'not_a_number'
  | 'invalid_date'
  | 'invalid_datetime'
  | 'not_a_boolean'
  | 'inclusion'
  | 'invalid_anchor_date'
  | 'readonly'
  | 'unknown_field';

/** Nothing, an empty list, or a text of only spaces (the shared rules' blank and empty). */
export const isEmptyValue = (value: unknown): boolean => isBlank(value) || isWhitespaceOnly(value);

/** The client's check of a value before it is sent (null: fine). The server checks again. */
export function checkValue(field: Pick<DynamicFieldLike, 'type' | 'required' | 'settings'>, value: unknown): FieldErrorKey | null {
  if (isEmptyValue(value)) return field.required ? 'blank' : null;
  switch (field.type) {
    case 'string':
    case 'text':
    case 'email':
    case 'link': {
      if (typeof value !== 'string') return 'inclusion';
      const text = value.trim();
      if ([...text].length > DYNAMIC_TEXT_LIMIT) return 'too_long';
      if (field.type === 'email' && !isEmail(text)) return 'invalid_email';
      if (field.type === 'link' && !isHttpUrl(text)) return 'invalid_url';
      return null;
    }
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? null : 'not_an_integer';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'not_a_number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'not_a_boolean';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : 'invalid_date';
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : 'invalid_datetime';
    case 'radios':
    case 'dropdown':
    case 'checkboxes': {
      const keys = new Set(fieldSettings(field.settings).allowedValues.map((o) => o.key));
      const list = Array.isArray(value) ? value : [value];
      return list.every((v) => typeof v === 'string' && keys.has(v)) ? null : 'inclusion';
    }
    default:
      return null;
  }
}

/**
 * A problem (the client's check or the server's answer) in the words of the shared form rule
 * that covers it (spec 000 §5), or null where the field's own text says it.
 */
export function ruleText(error: string, value: unknown): { readonly key: RuleTextKey; readonly values?: Record<string, number> } | null {
  switch (error) {
    case 'blank':
      return { key: isWhitespaceOnly(value) ? 'rule.empty' : 'rule.required' };
    case 'too_long':
      return { key: 'rule.max_length', values: { max: DYNAMIC_TEXT_LIMIT } };
    case 'invalid_email':
      return { key: 'rule.email' };
    case 'invalid_url':
      return { key: 'rule.url' };
    default:
      return null;
  }
}

/** The value as sent: texts trimmed, empty as null. */
export function valueToSend(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (Array.isArray(value) && value.length === 0) return null;
  return value ?? null;
}

/** Tabs: general first, then one per active category that has fields (spec 002 §2.7). */
export interface FieldTab<F extends DynamicFieldLike> {
  readonly key: string;
  readonly categoryId: string | null;
  readonly name: string | null;
  readonly fields: readonly F[];
}

export const GENERAL_TAB = 'general';

export function fieldTabs<F extends DynamicFieldLike>(
  fields: readonly F[],
  categories: ReadonlyArray<{ readonly id: string; readonly name: string; readonly active: boolean }>,
): FieldTab<F>[] {
  const byPosition = (a: F, b: F) => a.position - b.position || Number(a.id) - Number(b.id);
  const tabs: FieldTab<F>[] = [
    { key: GENERAL_TAB, categoryId: null, name: null, fields: fields.filter((f) => !f.categoryId).sort(byPosition) },
  ];
  for (const category of categories) {
    if (!category.active) continue;
    const own = fields.filter((f) => f.categoryId === category.id).sort(byPosition);
    if (own.length > 0) tabs.push({ key: category.id, categoryId: category.id, name: category.name, fields: own });
  }
  return tabs;
}
