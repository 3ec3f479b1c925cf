import { useEffect, useState } from 'react';

export const LOGIN_OPTIONS_URL = '/api/login_options';

/** Which sign-in buttons this deployment offers (GET /api/login_options, public). */
export interface LoginButtons {
  readonly google: boolean;
  readonly microsoft: boolean;
  readonly sso: boolean;
  readonly devLogin: boolean;
}

export type LoginButtonsState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly buttons: LoginButtons };

// Unknown answer: single sign-on only, which every deployment offers.
const FALLBACK: LoginButtons = { google: false, microsoft: false, sso: true, devLogin: false };

/** Reads the answer defensively: anything but true is false. */
export function parseLoginButtons(body: unknown): LoginButtons {
  if (!body || typeof body !== 'object') return FALLBACK;
  const value = body as Record<string, unknown>;
  return {
    google: value['google'] === true,
    microsoft: value['microsoft'] === true,
    sso: value['sso'] === true,
    devLogin: value['devLogin'] === true,
  };
}

/**
 * The login page's buttons: Google and Microsoft only where the deployment has a client for
 * them, dev login only when it is switched on.
 */
export function useLoginButtons(): LoginButtonsState {
  const [state, setState] = useState<LoginButtonsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch(LOGIN_OPTIONS_URL, {
      credentials: 'same-origin',
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    })
      .then(async (response) => (response.ok ? parseLoginButtons(await response.json()) : FALLBACK))
      .catch(() => FALLBACK)
      .then((buttons) => {
        if (!controller.signal.aborted) setState({ status: 'ready', buttons });
      });
    return () => controller.abort();
  }, []);
  return state;
}
