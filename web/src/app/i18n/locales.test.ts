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
