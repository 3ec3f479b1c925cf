import { describe, expect, it } from 'vitest';
import { NEW_BANNER, descriptionLength, draftProblem, hasText } from './banners';

describe('banner drafts', () => {
  it('counts the markup in the length', () => {
    expect(descriptionLength('<p>ab</p>')).toBe(9);
  });

  it('needs text beyond markup', () => {
    expect(hasText('<p> &nbsp;</p>')).toBe(false);
    expect(hasText('<p>Hi</p>')).toBe(true);
    expect(draftProblem({ ...NEW_BANNER, description: '<p></p>' })).toBe('description_blank');
  });

  it('refuses more than 250 characters and blank audiences', () => {
    expect(draftProblem({ ...NEW_BANNER, description: 'a'.repeat(251) })).toBe('description_too_long');
    expect(draftProblem({ ...NEW_BANNER, description: 'a'.repeat(250) })).toBeNull();
    expect(draftProblem({ ...NEW_BANNER, description: 'x', userTypes: [] })).toBe('user_types_blank');
  });
});
