import { describe, expect, it } from 'vitest';
import { defaultCountriesFirst } from './defaultCountriesFirst';

const country = (code: string | undefined, name: string) => ({ code, name });
const names = (list: readonly { name: string }[]) => list.map((c) => c.name);

describe('defaultCountriesFirst', () => {
  it('puts fi, se, no and ee first in that order, the others after them as they came', () => {
    const byName = [
      country('dk', 'Denmark'),
      country('ee', 'Estonia'),
      country('fi', 'Finland'),
      country('de', 'Germany'),
      country('no', 'Norway'),
      country('se', 'Sweden'),
      country('gb', 'United Kingdom'),
    ];
    expect(names(defaultCountriesFirst(byName))).toEqual([
      'Finland',
      'Sweden',
      'Norway',
      'Estonia',
      'Denmark',
      'Germany',
      'United Kingdom',
    ]);
    expect(names(byName)[0]).toBe('Denmark');
  });

  it('takes codes in any case, and countries without a code or without defaults as they are', () => {
    expect(names(defaultCountriesFirst([country('GB', 'United Kingdom'), country('SE', 'Sweden')]))).toEqual([
      'Sweden',
      'United Kingdom',
    ]);
    expect(names(defaultCountriesFirst([country(undefined, 'B'), country('ee', 'Estonia'), country('gb', 'A')]))).toEqual([
      'Estonia',
      'B',
      'A',
    ]);
    expect(defaultCountriesFirst([])).toEqual([]);
  });
});
