import { describe, expect, it } from 'vitest';
import { leavesNoMethod } from './loginOptions';

describe('leavesNoMethod', () => {
  const onlyGoogle = { ssoEnabled: false, googleLoginEnabled: true, microsoftLoginEnabled: false };
  const all = { ssoEnabled: true, googleLoginEnabled: true, microsoftLoginEnabled: true };

  it('refuses turning off the last enabled method', () => {
    expect(leavesNoMethod(onlyGoogle, 'googleLoginEnabled', false)).toBe(true);
  });

  it('allows turning off one of several, and turning any on', () => {
    expect(leavesNoMethod(all, 'googleLoginEnabled', false)).toBe(false);
    expect(leavesNoMethod(onlyGoogle, 'ssoEnabled', true)).toBe(false);
    expect(leavesNoMethod(onlyGoogle, 'microsoftLoginEnabled', false)).toBe(false);
  });
});
