import i18next, { type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enErrors from '../../locales/en/errors.json';
import { splitServerErrors } from './formErrors';

let i18n: I18n;

beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    ns: ['errors'],
    keySeparator: false,
    interpolation: { escapeValue: false },
    resources: { en: { errors: enErrors } },
  });
});

describe('splitServerErrors', () => {
  it('puts errors on the fields the form shows, translated, and leaves the others', () => {
    const taken = { code: 'VALIDATION_ERROR', message: 'name_has_already_been_taken', field: 'name' };
    const denied = { code: 'ACCESS_DENIED', message: 'access_denied', field: null };
    const elsewhere = { code: 'VALIDATION_ERROR', message: 'required', field: 'notOnTheForm' };
    expect(splitServerErrors([taken, denied, elsewhere], ['name'], i18n)).toEqual({
      fields: [{ name: 'name', errors: ['Name has already been taken'] }],
      rest: [denied, elsewhere],
    });
  });

  it('maps a server field name to the form field through aliases, once per text', () => {
    const error = { code: 'VALIDATION_ERROR', message: 'some_new_key', field: 'samlManifest' };
    expect(splitServerErrors([error, error], ['manifest'], i18n, { samlManifest: 'manifest' })).toEqual({
      fields: [{ name: 'manifest', errors: ['some_new_key'] }],
      rest: [],
    });
  });
});
