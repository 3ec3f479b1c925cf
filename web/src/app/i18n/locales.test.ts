import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';

// Every translation file, eagerly: src/locales/<language>/<namespace>.json.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

type Catalogue = Record<string, Record<string, Record<string, unknown>>>;

const catalogue: Catalogue = {};
for (const [path, content] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language = '', namespace = ''] = match;
  (catalogue[language] ??= {})[namespace] = content;
}

const english = catalogue[DEFAULT_LANGUAGE] ?? {};
const namespaces = Object.keys(english).sort();
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

describe('translations', () => {
  it('has English namespaces', () => {
    expect(namespaces).toContain('common');
    expect(namespaces).toContain('errors');
  });

  it('has only the supported languages', () => {
    expect(Object.keys(catalogue).sort()).toEqual([...LANGUAGES].sort());
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    const en = english[namespace] ?? {};
    const keys = Object.keys(en);

    it('uses flat, alphabetised keys with text values', () => {
      for (const key of keys) expect(typeof en[key], `${namespace}:${key}`).toBe('string');
      expect(keys).toEqual([...keys].sort());
    });

    it.each(LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE))('is complete in %s', (language) => {
      const translated = catalogue[language]?.[namespace];
      expect(translated, `src/locales/${language}/${namespace}.json is missing`).toBeDefined();
      const other = translated ?? {};
      const missing = keys.filter((key) => !(key in other));
      const extra = Object.keys(other).filter((key) => !(key in en));
      expect(missing, `keys missing in ${language}/${namespace}`).toEqual([]);
      expect(extra, `keys in ${language}/${namespace} that English lacks`).toEqual([]);
      for (const key of keys) {
        const value = other[key];
        expect(typeof value === 'string' && value.trim() !== '', `${language}/${namespace}:${key} is empty`).toBe(true);
        expect(placeholders(String(value)), `${language}/${namespace}:${key} placeholders`).toEqual(
          placeholders(String(en[key])),
        );
      }
    });
  });
});

// The server's refusals that a shared form rule also makes read as the rule does (spec 000 §5).
const SAME_AS_RULE: ReadonlyArray<readonly [string, string, string]> = [
  ['errors', 'server_response.phone_is_invalid', 'rule.phone'],
  ['errors', 'server_response.email_is_invalid', 'rule.email'],
  ['errors', 'server_response.invalid_email', 'rule.email'],
  ['errors', 'server_response.domain_is_invalid', 'rule.domain'],
  ['errors', 'server_response.email_alias_is_invalid', 'rule.alias'],
  ['errors', 'server_response.invalid_url', 'rule.url'],
  ['errors', 'server_response.message_text_is_too_long', 'rule.message_too_long'],
  ['errors', 'server_response.blank', 'rule.required'],
  ['errors', 'server_response.required', 'rule.required'],
  ['errors', 'server_response.first_and_last_name_required', 'rule.person_name'],
  ['thread', 'composer.too_long', 'rule.message_too_long'],
];

describe.each(LANGUAGES)('validation texts in %s', (language) => {
  it.each(SAME_AS_RULE)('%s:%s reads as forms:%s', (namespace, key, rule) => {
    const text = catalogue[language]?.forms?.[rule];
    expect(text, `forms:${rule}`).toBeDefined();
    expect(catalogue[language]?.[namespace]?.[key]).toBe(text);
  });
});

it("says the spec's words for the server's phone refusal", () => {
  expect(english.errors?.['server_response.phone_is_invalid']).toBe('Value is not a valid phone');
});
