import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../shared/realtime/fakeSocket';
import { customer } from '../test/fixtures';
import { App } from './App';
import { initI18n } from './i18n/i18n';

let sockets = fakeSockets();

type Route = (url: string, init?: RequestInit) => Response | undefined;

function serve(route: Route) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return route(new URL(url, 'http://localhost').pathname, init) ?? new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  sockets = fakeSockets();
  vi.stubGlobal('WebSocket', function FakeWebSocket(url: string) {
    return sockets.factory(url);
  });
  return fetchMock;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

// Rendering the whole antd shell in jsdom takes seconds on a busy two-core machine.
const WAIT = 15_000;

describe('App', { timeout: 45_000 }, () => {
  it('sends a visitor without a session to the login page', async () => {
    serve((path) => (path === '/api/init.json' ? json({ error: 'unauthorized' }, 401, { 'x-ui-version': '4.0.0' }) : undefined));
    window.history.replaceState(null, '', '/acme/shared-files');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Welcome to Portico' }, { timeout: WAIT })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect_to')).toBe('/acme/shared-files');
  });

  it('shows a signed-in customer the shell of their company with the unread badge', async () => {
    const fetchMock = serve((path) => {
      if (path === '/api/init.json') return json(customer(), 200, { 'x-ui-version': '4.0.0' });
      if (path === '/graphql/') return json({ data: { inboxStats: { unreadCount: 150 } } });
      return undefined;
    });
    render(<App />);
    expect(await screen.findByText('Acme Oy', undefined, { timeout: WAIT })).toBeTruthy();
    expect(window.location.pathname).toBe('/acme/inbox');
    const badge = await screen.findByTitle('+99', undefined, { timeout: WAIT });
    expect(badge.closest('[data-testid="inbox-unread-badge"]')?.getAttribute('aria-label')).toBe('150 unread');
    // Signed in, the shell opens the realtime connection once and sends the token.
    expect(sockets.sockets).toHaveLength(1);
    sockets.last().open();
    expect(sockets.last().sent).toEqual([JSON.stringify({ token: customer().realtimeToken })]);
    const init = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/init.json'));
    expect(init?.[1]?.credentials).toBe('include');
  });

  it('sends the user to UiUpdated when the server runs a newer UI', async () => {
    serve((path) => (path === '/api/init.json' ? json(customer(), 200, { 'x-ui-version': '4.2.0' }) : undefined));
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/ui-updated'), { timeout: WAIT });
    expect(await screen.findByRole('heading', { name: 'A new version is available' }, { timeout: WAIT })).toBeTruthy();
  });
});
