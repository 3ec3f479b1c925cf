import { describe, expect, it } from 'vitest';
import { shownMemberships } from './memberships';

describe('shownMemberships', () => {
  it('shows three companies and counts the rest until expanded', () => {
    expect(shownMemberships([1, 2, 3, 4, 5], false)).toEqual({ shown: [1, 2, 3], hidden: 2 });
    expect(shownMemberships([1, 2, 3, 4, 5], true)).toEqual({ shown: [1, 2, 3, 4, 5], hidden: 0 });
  });

  it('hides nothing for three or fewer', () => {
    expect(shownMemberships([1, 2, 3], false)).toEqual({ shown: [1, 2, 3], hidden: 0 });
  });
});
