import { describe, expect, it } from 'vitest';
import { shortenText, SHORT_TEXT_MAX } from './shortText';

describe('shortenText', () => {
  it('cuts at 70 characters by default, only when 3 or more over', () => {
    expect(SHORT_TEXT_MAX).toBe(70);
    expect(shortenText('a'.repeat(72))).toBe('a'.repeat(72));
    expect(shortenText('a'.repeat(73))).toBe(`${'a'.repeat(70)}…`);
    expect(shortenText('short')).toBe('short');
  });

  it('takes another maximum and counts characters, not code units', () => {
    expect(shortenText('Payroll for December', 7)).toBe('Payroll…');
    expect(shortenText('😀'.repeat(12), 9)).toBe(`${'😀'.repeat(9)}…`);
  });
});
