import { describe, expect, it } from 'vitest';
import { ALIAS_PATTERN, DOMAIN_PATTERN, EMAIL_PATTERN } from './validation';

describe('e-mail settings validation', () => {
  it.each([
    ['acme_books', true],
    ['Acme+in', true],
    ['acme-books', false],
    ['acme1', false],
    ['', false],
  ])('alias %s: %s', (value, ok) => expect(ALIAS_PATTERN.test(value)).toBe(ok));

  it.each([
    ['acme.test', true],
    ['mail.acme-group.fi', true],
    ['localhost', false],
    ['acme.t', false],
    ['acme .test', false],
  ])('domain %s: %s', (value, ok) => expect(DOMAIN_PATTERN.test(value)).toBe(ok));

  it.each([
    ['anna@acme.test', true],
    [' anna@acme.test ', true],
    ['anna@', false],
    ['anna@localhost', false],
    ['Anna <anna@acme.test>', false],
    ['not an address', false],
  ])('e-mail %s: %s', (value, ok) => expect(EMAIL_PATTERN.test(value)).toBe(ok));
});
