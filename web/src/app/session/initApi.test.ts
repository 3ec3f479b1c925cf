import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchInit, initHeaders, prefetchInit, redirectUriOf, takePrefetchedInit, takeSettledInit } from './initApi';
import { SELECTED_COMPANY_STORAGE_KEY } from './companies';

afterEach(() => vi.unstubAllGlobals());

const answer = (body: string, status: number, headers: Record<string, string> = {}) =>
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers })));

describe('fetchInit', () => {
  it('returns the data and the server UI version', async () => {
    answer('{"user":{"uuid":"u"}}', 200, { 'x-ui-version': '4.0.0' });
    expect(await fetchInit()).toMatchObject({ kind: 'ok', uiVersion: '4.0.0', data: { user: { uuid: 'u' } } });
  });

  it('treats 401 as a guest', async () => {
    answer('', 401);
    expect(await fetchInit()).toEqual({ kind: 'unauthorized', uiVersion: null });
  });

  it('follows the redirect of a forbidden-domain answer', async () => {
    answer('{"errors":[{"code":"FORBIDDEN_DOMAIN"}],"meta":{"redirect_uri":"https://acme.portico.test/"}}', 403);
    expect(await fetchInit()).toMatchObject({ kind: 'redirect', uri: 'https://acme.portico.test/' });
  });

  it('reports other failures', async () => {
    answer('oops', 500);
    expect(await fetchInit()).toMatchObject({ kind: 'failed', status: 500 });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(await fetchInit()).toMatchObject({ kind: 'failed', status: null });
  });
});

describe('prefetchInit', () => {
  it('hands the boot-time answer to the first taker only', async () => {
    const fetched = vi.fn(async () => new Response('{"user":{"uuid":"u"}}', { status: 200 }));
    vi.stubGlobal('fetch', fetched);
    expect(takeSettledInit()).toBeNull();
    await prefetchInit();
    expect(takeSettledInit()).toMatchObject({ kind: 'ok', data: { user: { uuid: 'u' } } });
    expect(takeSettledInit()).toBeNull();
    expect(takePrefetchedInit()).toBeNull();
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('gives the pending request to a load that starts before it settles', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 401 })));
    const boot = prefetchInit();
    const taken = takePrefetchedInit();
    expect(taken).toBe(boot);
    expect(await taken).toEqual({ kind: 'unauthorized', uiVersion: null });
    // Taken once: the settled answer is not handed out a second time.
    expect(takeSettledInit()).toBeNull();
    expect(takePrefetchedInit()).toBeNull();
  });
});

describe('redirectUriOf', () => {
  it.each([
    ['{"meta":{"redirect_uri":"https://a.example/x"}}', 'https://a.example/x'],
    ['{"meta":{"redirect_uri":"/login"}}', '/login'],
    ['{"meta":{"redirect_uri":"javascript:alert(1)"}}', null],
    ['{"meta":{"redirect_uri":"//evil.example"}}', null],
    ['{"meta":{}}', null],
    ['not json', null],
  ])('reads %s', (body, uri) => {
    expect(redirectUriOf(body)).toBe(uri);
  });
});

describe('initHeaders', () => {
  it('sends the selected company in x-company-uuid on mobile only (spec 000 §7)', () => {
    window.localStorage.setItem(SELECTED_COMPANY_STORAGE_KEY, 'c-1');
    try {
      expect(initHeaders(true)).toEqual({ Accept: 'application/json', 'x-company-uuid': 'c-1' });
      expect(initHeaders(false)).toEqual({ Accept: 'application/json' });
      window.localStorage.removeItem(SELECTED_COMPANY_STORAGE_KEY);
      expect(initHeaders(true)).toEqual({ Accept: 'application/json' });
    } finally {
      window.localStorage.removeItem(SELECTED_COMPANY_STORAGE_KEY);
    }
  });
});
