// The SSO settings screen's rules (spec 002 §2.12, §4 "SSO method", §5 OIDC and SAML), as
// pure functions the page and its tests share.

import type { ServerErrorLike } from '../../../app/errors/serverErrors';

/**
 * A save's outcome. Refused with errors: the server said no (the form shows why);
 * refused without: the request failed and the shell's error handler already told.
 */
export type SaveOutcome =
  | { readonly saved: true }
  | { readonly saved: false; readonly errors: readonly ServerErrorLike[] };

export type SsoMethod = 'none' | 'saml' | 'oidc';

export const SSO_METHODS: readonly SsoMethod[] = ['none', 'saml', 'oidc'];

/** SHA1 is the default (spec 002 §3, SAML setting). */
export const CERT_FINGERPRINT_ALGORITHMS = ['SHA1', 'SHA256', 'SHA384', 'SHA512'] as const;
export type CertFingerprintAlgorithm = (typeof CERT_FINGERPRINT_ALGORITHMS)[number];

export const DEFAULT_OIDC_SCOPE = 'openid email profile';
export const DEFAULT_OIDC_EMAIL_KEY = 'email';

export type SamlSetupMode = 'manifest' | 'manual';

export interface StoredSsoSettings {
  readonly ssoMethod: string | null | undefined;
  readonly saml: object | null | undefined;
  readonly oidc: object | null | undefined;
}

/** The method whose settings the company has stored, or none. */
export function storedMethod(company: StoredSsoSettings | null | undefined): SsoMethod {
  if (!company) return 'none';
  if (company.ssoMethod === 'saml' && company.saml) return 'saml';
  if (company.ssoMethod === 'oidc' && company.oidc) return 'oidc';
  if (company.oidc && !company.saml) return 'oidc';
  if (company.saml && !company.oidc) return 'saml';
  return 'none';
}

/** Manual after load when SAML settings exist, otherwise the metadata upload. */
export function initialSamlMode(hasSamlSettings: boolean): SamlSetupMode {
  return hasSamlSettings ? 'manual' : 'manifest';
}

/** Saving a method over another active one asks first (the override confirmation). */
export function overridesActiveMethod(active: SsoMethod, saving: Exclude<SsoMethod, 'none'>): boolean {
  return active !== 'none' && active !== saving;
}

/** Scopes are typed space-separated: one space between them, none around. */
export function normalizeScope(scope: string): string {
  return scope.trim().split(/\s+/).filter(Boolean).join(' ');
}

/** Reads an uploaded metadata file as the base64 data URL that samlManifest carries. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}
