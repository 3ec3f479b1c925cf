import { paths, safeRedirectTarget } from '../router/paths';
import { signOut } from './initApi';

const REDIRECT_STORAGE_KEY = 'portico.redirect_to';

let leaving = false;

/** Full page navigations, behind an object so that tests can watch them. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Leaves the app for the login page with a full page load, which also drops every
 * cached query of the old session. Used when the server answers 401 (spec: the client
 * goes to /login?error=no_access).
 */
export function leaveForLogin(error: 'no_access' | null = 'no_access'): void {
  if (leaving) return;
  leaving = true;
  browser.assign(paths.login({ error }));
}

export async function logout(): Promise<void> {
  await signOut();
  leaving = true;
  browser.assign(paths.login());
}

/**
 * The login page remembers its redirect_to for the tab, because sign-in goes through
 * server pages (OAuth, SSO, dev login) that come back to "/".
 */
export function rememberRedirect(target: string | null): void {
  try {
    const safe = safeRedirectTarget(target);
    if (safe) window.sessionStorage.setItem(REDIRECT_STORAGE_KEY, safe);
    else window.sessionStorage.removeItem(REDIRECT_STORAGE_KEY);
  } catch {
    // Without storage the user lands on the start page instead.
  }
}

/** Reads and forgets the remembered redirect. */
export function takeRememberedRedirect(): string | null {
  try {
    const value = window.sessionStorage.getItem(REDIRECT_STORAGE_KEY);
    window.sessionStorage.removeItem(REDIRECT_STORAGE_KEY);
    return safeRedirectTarget(value);
  } catch {
    return null;
  }
}
