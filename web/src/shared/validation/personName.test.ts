import { describe, expect, it } from 'vitest';
import { hasFirstAndLastName } from './personName';

describe('hasFirstAndLastName', () => {
  it('needs two words', () => {
    expect(hasFirstAndLastName('  Anna  ')).toBe(false);
    expect(hasFirstAndLastName('Anna Virtanen')).toBe(true);
  });
});
