import { describe, expect, it } from 'vitest';
import { termsAddress } from './termsAddress';

describe('termsAddress', () => {
  it('is null without a configured address', () => {
    expect(termsAddress('', 'fi')).toBeNull();
    expect(termsAddress(undefined, 'fi')).toBeNull();
  });

  it('puts the reader language into {lang}', () => {
    expect(termsAddress('https://p.example/{lang}/terms', 'fi')).toBe('https://p.example/fi/terms');
    expect(termsAddress('https://p.example/terms?l={lang}', 'sv-SE')).toBe('https://p.example/terms?l=sv');
  });

  it('falls back to English for a language the portal does not speak', () => {
    expect(termsAddress('https://p.example/{lang}', 'de')).toBe('https://p.example/en');
  });

  it('leaves an address without {lang} as it is', () => {
    expect(termsAddress('https://p.example/terms.pdf', 'sv')).toBe('https://p.example/terms.pdf');
  });
});
