import { gql } from '@apollo/client';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const QUERY = gql`
  query Probe {
    probe
  }
`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// Each test loads the modules afresh: leaving for the login page happens once per page load.
async function setup(response: () => Response | Promise<Response>) {
  vi.resetModules();
  const { initI18n } = await import('../i18n/i18n');
  await initI18n('en');
  const notification = { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn(), open: vi.fn(), destroy: vi.fn() };
  const { setNotifier } = await import('../errors/notifier');
  setNotifier(notification as NotificationInstance);
  const { browser } = await import('../session/leave');
  const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  const fetchMock = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  const { createApolloClient } = await import('./client');
  return { client: createApolloClient(), notification, assign, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Apollo client', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;

  describe('with a catalogue error', () => {
    beforeEach(async () => {
      ctx = await setup(() =>
        json({ data: null, errors: [{ message: 'access_denied', extensions: { code: 'ACCESS_DENIED' } }] }),
      );
    });

    it('posts to /graphql/ with the session cookie and shows a 15 s toast', async () => {
      await expect(ctx.client.query({ query: QUERY })).rejects.toThrow();
      const [url, init] = ctx.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/graphql/');
      expect(init.credentials).toBe('include');
      expect(ctx.notification.error).toHaveBeenCalledTimes(1);
      expect(ctx.notification.error.mock.calls[0]?.[0]).toMatchObject({
        title: 'Access Denied',
        description: 'You do not have the required permissions to access this resource',
        duration: 15,
      });
    });

    it('stays silent for operations that handle their own errors', async () => {
      await expect(ctx.client.query({ query: QUERY, context: { silentErrors: true } })).rejects.toThrow();
      expect(ctx.notification.error).not.toHaveBeenCalled();
    });
  });

  it('leaves for /login?error=no_access on HTTP 401, without a toast', async () => {
    ctx = await setup(() => new Response('', { status: 401 }));
    await expect(ctx.client.query({ query: QUERY })).rejects.toThrow();
    expect(ctx.assign).toHaveBeenCalledWith('/login?error=no_access');
    expect(ctx.notification.error).not.toHaveBeenCalled();
  });

  it('leaves for login on an UNAUTHENTICATED GraphQL error too', async () => {
    ctx = await setup(() => json({ data: null, errors: [{ message: 'no session', extensions: { code: 'UNAUTHENTICATED' } }] }));
    await expect(ctx.client.query({ query: QUERY })).rejects.toThrow();
    expect(ctx.assign).toHaveBeenCalledWith('/login?error=no_access');
  });

  it('shows "Something went wrong" when the network fails', async () => {
    ctx = await setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(ctx.client.query({ query: QUERY })).rejects.toThrow();
    expect(ctx.notification.error.mock.calls[0]?.[0]).toMatchObject({ title: 'Error', description: 'Something went wrong' });
    expect(ctx.assign).not.toHaveBeenCalled();
  });
});

describe('Apollo client redirects', () => {
  it('follows meta.redirect_uri of an error answer (forbidden domain)', async () => {
    const ctx = await setup(() =>
      json({ errors: [{ code: 'FORBIDDEN_DOMAIN', message: 'forbidden_domain' }], meta: { redirect_uri: 'https://acme.portico.test/' } }, 403),
    );
    await expect(ctx.client.query({ query: QUERY })).rejects.toThrow();
    expect(ctx.assign).toHaveBeenCalledWith('https://acme.portico.test/');
    expect(ctx.notification.error).not.toHaveBeenCalled();
  });
});

describe('Apollo client and a forbidden domain', () => {
  const forbidden = (extensions: Record<string, unknown> = {}) =>
    json({ data: null, errors: [{ message: 'forbidden_domain', extensions: { code: 'FORBIDDEN_DOMAIN', ...extensions } }] });

  it('goes to the host a FORBIDDEN_DOMAIN error names', async () => {
    const ctx = await setup(() => forbidden({ redirectTo: 'https://acme.portico.test/' }));
    await expect(ctx.client.query({ query: QUERY })).rejects.toThrow();
    expect(ctx.assign).toHaveBeenCalledWith('https://acme.portico.test/');
  });

  it('opens the domain-changed modal instead of a toast once the app is ready', async () => {
    const ctx = await setup(() => forbidden());
    const { watchDomainChanged } = await import('../errors/domainChanged');
    const { renderHook } = await import('@testing-library/react');
    const { useDomainChanged } = await import('../errors/domainChanged');
    const unwatch = watchDomainChanged();
    const { result } = renderHook(() => useDomainChanged());
    expect(result.current).toBe(false);
    await expect(ctx.client.query({ query: QUERY })).rejects.toThrow();
    await vi.waitFor(() => expect(result.current).toBe(true));
    expect(ctx.notification.error).not.toHaveBeenCalled();
    unwatch();
  });

  it('shows the toast before the app is ready', async () => {
    const ctx = await setup(() => forbidden());
    await expect(ctx.client.query({ query: QUERY })).rejects.toThrow();
    expect(ctx.notification.error.mock.calls[0]?.[0]).toMatchObject({ title: 'Forbidden domain' });
    expect(ctx.assign).not.toHaveBeenCalled();
  });
});
