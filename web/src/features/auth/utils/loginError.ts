// The login page's ?error= values (spec 000 §2.3, 002 §8; the server's keys in
// docs/decisions/0010-sign-in-outcomes.md): no_access is access denied; an e-mail domain without SSO and a
// method the deployment lacks have their own texts; anything else is an unexpected error.

export type LoginErrorKind = 'no_access' | 'sso_unknown_domain' | 'login_method_unavailable' | 'unexpected';

const OWN_TEXTS: readonly LoginErrorKind[] = ['no_access', 'sso_unknown_domain', 'login_method_unavailable'];

export function loginErrorKind(error: string | null | undefined): LoginErrorKind | null {
  if (error === null || error === undefined) return null;
  return OWN_TEXTS.find((kind) => kind === error) ?? 'unexpected';
}
