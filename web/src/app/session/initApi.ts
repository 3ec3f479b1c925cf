import { isPlatform, PLATFORM_STORAGE_KEY, resolvePlatform } from '../../shared/platform/platform';
import { readRememberedCompany } from './companies';
import type { InitData } from './types';

export const INIT_URL = '/api/init.json';
export const SIGN_OUT_URL = '/api/users/sign_out';
export const UI_VERSION_HEADER = 'x-ui-version';
/** The header in which the mobile app names its selected company (spec 000 §7). */
export const COMPANY_HEADER = 'x-company-uuid';

/** Whether the page is the mobile layout (spec 000 §4 Platform), as usePlatform decides it. */
function mobileLayout(): boolean {
  if (typeof window === 'undefined') return false;
  let selected: string | null = null;
  try {
    selected = window.localStorage.getItem(PLATFORM_STORAGE_KEY);
  } catch {
    // no storage: the host and the user agent decide
  }
  const state = resolvePlatform({
    hostname: window.location.hostname,
    userAgent: window.navigator.userAgent,
    selected: isPlatform(selected) ? selected : null,
  });
  return state.platform === 'mobile';
}

/** init.json's request headers: on mobile, the selected company kept on the device. */
export function initHeaders(mobile: boolean = mobileLayout()): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const company = mobile ? readRememberedCompany() : null;
  if (company) headers[COMPANY_HEADER] = company;
  return headers;
}

export type InitResult =
  | { kind: 'ok'; data: InitData; uiVersion: string | null }
  | { kind: 'unauthorized'; uiVersion: string | null }
  /** The server sends the browser elsewhere (meta.redirect_uri), e.g. to the right domain. */
  | { kind: 'redirect'; uri: string; uiVersion: string | null }
  | { kind: 'failed'; status: number | null; uiVersion: string | null };

/**
 * Reads meta.redirect_uri from an error answer's JSON body (spec 000 §7: such a response
 * navigates the browser there). Only http(s) addresses and paths are accepted.
 */
export function redirectUriOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { meta?: { redirect_uri?: unknown } } | null;
    const uri = parsed?.meta?.redirect_uri;
    if (typeof uri !== 'string' || uri === '') return null;
    if (/^https?:\/\//i.test(uri) || (uri.startsWith('/') && !uri.startsWith('//'))) return uri;
    return null;
  } catch {
    return null;
  }
}

/** Fetches the session's starting data. Never throws: a failure is a result. */
export async function fetchInit(signal?: AbortSignal): Promise<InitResult> {
  let response: Response;
  try {
    response = await fetch(INIT_URL, {
      credentials: 'include',
      headers: initHeaders(),
      signal,
    });
  } catch {
    return { kind: 'failed', status: null, uiVersion: null };
  }
  const uiVersion = response.headers.get(UI_VERSION_HEADER);
  if (response.status === 401) return { kind: 'unauthorized', uiVersion };
  if (!response.ok) {
    const uri = redirectUriOf(await response.text().catch(() => ''));
    if (uri) return { kind: 'redirect', uri, uiVersion };
    return { kind: 'failed', status: response.status, uiVersion };
  }
  try {
    const data = (await response.json()) as InitData;
    return { kind: 'ok', data, uiVersion };
  } catch {
    return { kind: 'failed', status: response.status, uiVersion };
  }
}

let prefetched: Promise<InitResult> | null = null;
let settled: InitResult | null = null;

/**
 * Starts loading init.json as the app boots, before React renders, so that it travels
 * beside the first page's chunk and translations. The promise settles with the result;
 * the session's first render takes it (takeSettledInit) or its first load awaits it.
 */
export function prefetchInit(): Promise<InitResult> {
  const request = fetchInit();
  prefetched = request;
  void request.then((result) => {
    if (prefetched === request) settled = result;
  });
  return request;
}

/** The boot-time result when it has arrived, once. */
export function takeSettledInit(): InitResult | null {
  const result = settled;
  settled = null;
  if (result) prefetched = null;
  return result;
}

/** The boot-time init.json request, once; later loads fetch again. */
export function takePrefetchedInit(): Promise<InitResult> | null {
  const result = prefetched;
  prefetched = null;
  settled = null;
  return result;
}

/** Ends the server session; the caller then leaves for the login page. */
export async function signOut(): Promise<void> {
  try {
    await fetch(SIGN_OUT_URL, { credentials: 'include', headers: { Accept: 'application/json' } });
  } catch {
    // Leaving for the login page is right even when the network failed.
  }
}
