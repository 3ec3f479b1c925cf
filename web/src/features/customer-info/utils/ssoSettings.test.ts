import { describe, expect, it } from 'vitest';
import {
  initialSamlMode,
  normalizeScope,
  overridesActiveMethod,
  readAsDataUrl,
  storedMethod,
} from './ssoSettings';

describe('storedMethod', () => {
  it.each([
    [{ ssoMethod: 'oidc', saml: null, oidc: { issuer: 'x' } }, 'oidc'],
    [{ ssoMethod: 'saml', saml: { entityId: 'x' }, oidc: null }, 'saml'],
    [{ ssoMethod: 'none', saml: null, oidc: null }, 'none'],
    // a method named without settings behind it is not active
    [{ ssoMethod: 'oidc', saml: null, oidc: null }, 'none'],
    [{ ssoMethod: '', saml: { entityId: 'x' }, oidc: null }, 'saml'],
  ] as const)('%o is %s', (company, method) => {
    expect(storedMethod(company)).toBe(method);
  });

  it('is none before the company has loaded', () => {
    expect(storedMethod(undefined)).toBe('none');
  });
});

describe('SAML setup mode', () => {
  it('starts manual when settings exist, else with the metadata upload', () => {
    expect(initialSamlMode(true)).toBe('manual');
    expect(initialSamlMode(false)).toBe('manifest');
  });
});

describe('overridesActiveMethod', () => {
  it('asks only when another method is active', () => {
    expect(overridesActiveMethod('saml', 'oidc')).toBe(true);
    expect(overridesActiveMethod('oidc', 'saml')).toBe(true);
    expect(overridesActiveMethod('oidc', 'oidc')).toBe(false);
    expect(overridesActiveMethod('none', 'saml')).toBe(false);
  });
});

describe('form helpers', () => {
  it('normalises space-separated scopes', () => {
    expect(normalizeScope('  openid   email\tprofile ')).toBe('openid email profile');
    expect(normalizeScope('   ')).toBe('');
  });

  it('reads a file as a base64 data URL', async () => {
    const url = await readAsDataUrl(new Blob(['<md/>'], { type: 'text/xml' }));
    expect(url).toBe(`data:text/xml;base64,${btoa('<md/>')}`);
  });
});
