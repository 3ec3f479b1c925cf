import { describe, expect, it } from 'vitest';
import { parseLoginButtons } from './useLoginButtons';

describe('parseLoginButtons', () => {
  it('takes only what the server says is true', () => {
    expect(parseLoginButtons({ google: true, microsoft: false, sso: true, devLogin: 'yes' })).toEqual({
      google: true,
      microsoft: false,
      sso: true,
      devLogin: false,
    });
  });

  it('offers single sign-on alone when the answer is not an object', () => {
    expect(parseLoginButtons(null)).toEqual({ google: false, microsoft: false, sso: true, devLogin: false });
  });
});
