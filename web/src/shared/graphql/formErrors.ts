import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { reportServerErrors } from '../../app/errors/reportErrors';
import { describeServerError, type ServerErrorLike } from '../../app/errors/serverErrors';
import { i18n } from '../../app/i18n/i18n';

/**
 * The server fields a form shows, as the server names them: a list when the form's field names
 * are the same (['name', 'label']), or a map to the form's names ({ countryId: 'country' }).
 */
export type FormFieldMap = readonly string[] | Readonly<Record<string, NamePath>>;

export interface FieldError {
  readonly name: NamePath;
  readonly errors: string[];
}

const formName = (fields: FormFieldMap, serverField: string): NamePath | null => {
  if (Array.isArray(fields)) return fields.includes(serverField) ? serverField : null;
  return (fields as Readonly<Record<string, NamePath>>)[serverField] ?? null;
};

/**
 * Splits a mutation's errors into those of the form's fields (with their texts, several per
 * field kept in order) and the rest. Pure: `describe` gives an error's text.
 */
export function splitFieldErrors(
  errors: readonly ServerErrorLike[],
  fields: FormFieldMap,
  describe: (error: ServerErrorLike) => string,
): { readonly fieldErrors: readonly FieldError[]; readonly other: readonly ServerErrorLike[] } {
  const byField = new Map<string, FieldError>();
  const other: ServerErrorLike[] = [];
  for (const error of errors) {
    const name = error.field ? formName(fields, error.field) : null;
    if (name === null) {
      other.push(error);
      continue;
    }
    const key = JSON.stringify(name);
    const text = describe(error);
    const entry = byField.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(text)) entry.errors.push(text);
    byField.set(key, entry);
  }
  return { fieldErrors: [...byField.values()], other };
}

/**
 * Shows a refused save's errors: each error of a field the form shows goes under that field
 * (antd's Form.Item error, cleared when the field changes), the rest as toasts through the one
 * error handler. Only errors are set: what was typed stays. Answers whether there were errors.
 *
 *   const answer = data?.updateWorkflow;
 *   if (showMutationErrors(form, answer.errors, ['name', 'label'])) return; // the modal stays open
 */
export function showMutationErrors(form: FormInstance, errors: readonly ServerErrorLike[], fields: FormFieldMap): boolean {
  if (errors.length === 0) return false;
  const { fieldErrors, other } = splitFieldErrors(errors, fields, (error) => describeServerError(error, i18n).description);
  if (fieldErrors.length > 0) {
    form.setFields(fieldErrors.map((f) => ({ name: f.name, errors: f.errors })));
    const first = fieldErrors[0];
    if (first) form.scrollToField(first.name, { block: 'center', focus: true });
  }
  if (other.length > 0) reportServerErrors(other);
  return true;
}
