import { describe, expect, it } from 'vitest';
import glossary from '../../locales/glossary.json';
import { LANGUAGES } from './languages';

// One word per concept: no translation may use a word the glossary says to avoid
// (src/locales/glossary.json says which word each language uses instead).
const files = import.meta.glob<Record<string, string>>('../../locales/*/*.json', { eager: true, import: 'default' });

type Entry = { concept: string; term: string; avoid: string[]; namespaces?: string[] };

const entriesOf = (language: string): Entry[] =>
  ((glossary as unknown as Record<string, Entry[] | string>)[language] as Entry[] | undefined) ?? [];

/** The avoided word at the start of a word, in any inflection, in any case. */
function avoidedWord(word: string): RegExp {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<!\\p{L})${escaped}`, 'iu');
}

describe('glossary', () => {
  it('has entries for every language', () => {
    for (const language of LANGUAGES) expect(entriesOf(language).length, language).toBeGreaterThan(0);
  });

  it('finds an avoided word in its inflections but not inside another word', () => {
    expect(avoidedWord('tråd').test('Välj alla trådar')).toBe(true);
    expect(avoidedWord('ketju').test('Tämä Ketjun tila')).toBe(true);
    expect(avoidedWord('tråd').test('Inga konversationer här')).toBe(false);
    expect(avoidedWord('Pågår').test('Pågående')).toBe(false);
  });

  it.each([...LANGUAGES])('holds every %s translation to one word per concept', (language) => {
    const found: string[] = [];
    for (const [path, content] of Object.entries(files)) {
      const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
      if (!match || match[1] !== language) continue;
      const namespace = match[2] ?? '';
      for (const entry of entriesOf(language)) {
        if (entry.namespaces && !entry.namespaces.includes(namespace)) continue;
        for (const word of entry.avoid) {
          const pattern = avoidedWord(word);
          for (const [key, value] of Object.entries(content)) {
            if (pattern.test(value)) found.push(`${namespace}:${key} says "${value}": use "${entry.term}" (${entry.concept})`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
