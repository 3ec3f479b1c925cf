// Server refusals on forms (DESIGN: admin screens): an error that names a field the form
// shows goes onto that field; the rest become toasts through the one error handler.
// The form keeps what was typed: nothing here resets values.

import type { FormInstance } from 'antd';
import type { i18n as I18n } from 'i18next';
import { describeServerError, type ServerErrorLike } from './serverErrors';

export interface FieldError {
  readonly name: string;
  readonly errors: string[];
}

export interface SplitServerErrors {
  /** Errors on fields the form shows, with their texts. */
  readonly fields: FieldError[];
  /** Errors without a field the form shows. */
  readonly rest: ServerErrorLike[];
}

/**
 * Splits a mutation's errors into per-field texts (for fields in `formFields`; `aliases`
 * maps a server field name to the form's) and the others.
 */
export function splitServerErrors(
  errors: readonly ServerErrorLike[],
  formFields: readonly string[],
  i18n: I18n,
  aliases: Readonly<Record<string, string>> = {},
): SplitServerErrors {
  const byField = new Map<string, string[]>();
  const rest: ServerErrorLike[] = [];
  for (const error of errors) {
    const field = error.field ? (aliases[error.field] ?? error.field) : null;
    if (!field || !formFields.includes(field)) {
      rest.push(error);
      continue;
    }
    const texts = byField.get(field) ?? [];
    const text = describeServerError(error, i18n).description;
    if (!texts.includes(text)) texts.push(text);
    byField.set(field, texts);
  }
  return { fields: [...byField].map(([name, texts]) => ({ name, errors: texts })), rest };
}

/**
 * Puts the server's field errors on the form's fields (and scrolls to the first) and
 * returns the errors that belong to no field, for the caller to report.
 */
export function applyServerFieldErrors(
  form: FormInstance,
  errors: readonly ServerErrorLike[],
  formFields: readonly string[],
  i18n: I18n,
  aliases: Readonly<Record<string, string>> = {},
): ServerErrorLike[] {
  const { fields, rest } = splitServerErrors(errors, formFields, i18n, aliases);
  if (fields.length > 0) {
    form.setFields(fields);
    const first = fields[0];
    if (first) form.scrollToField(first.name, { block: 'center' });
  }
  return rest;
}
