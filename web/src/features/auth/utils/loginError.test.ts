import { describe, expect, it } from 'vitest';
import { loginErrorKind } from './loginError';

describe('loginErrorKind', () => {
  it.each([
    [null, null],
    ['no_access', 'no_access'],
    ['sso_unknown_domain', 'sso_unknown_domain'],
    ['login_method_unavailable', 'login_method_unavailable'],
    ['login_failed', 'unexpected'],
    ['', 'unexpected'],
    ['<script>', 'unexpected'],
  ] as const)('%s shows the %s text', (error, kind) => {
    expect(loginErrorKind(error)).toBe(kind);
  });
});
