import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('search hit text', () => {
  it('splits marked words from the rest and decodes the escaping', () => {
    expect(highlightParts('The <mark>VAT</mark> return &amp; &lt;b&gt;tax&lt;/b&gt; <mark>vat</mark>')).toEqual([
      { text: 'The ', marked: false },
      { text: 'VAT', marked: true },
      { text: ' return & <b>tax</b> ', marked: false },
      { text: 'vat', marked: true },
    ]);
  });

  it('treats nested marks as one', () => {
    expect(highlightParts('<mark><mark>Bulk</mark></mark> <mark><mark>e2e</mark></mark> done')).toEqual([
      { text: 'Bulk', marked: true },
      { text: ' ', marked: false },
      { text: 'e2e', marked: true },
      { text: ' done', marked: false },
    ]);
  });

  it('keeps text without marks whole', () => {
    expect(highlightParts('plain')).toEqual([{ text: 'plain', marked: false }]);
    expect(highlightParts('')).toEqual([]);
  });
});
