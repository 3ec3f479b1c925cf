import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { LOGIN_OPTIONS_URL, type LoginButtons } from '../../../shared/auth/useLoginButtons';
import { LoginPage } from './LoginPage';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['auth']);
});
// jsdom under a busy machine: allow time before giving up.
const SLOW = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The server's answer to GET /api/login_options; the browser test runs against the real one.
function answer(buttons: LoginButtons) {
  const fetchMock = vi.fn(async (url: string) => {
    expect(url).toBe(LOGIN_OPTIONS_URL);
    return new Response(JSON.stringify(buttons), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
}

function renderAt(address: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <App>
        <LoginPage />
      </App>
    </MemoryRouter>,
  );
}

describe('LoginPage', { timeout: 30_000 }, () => {
  it('shows only the buttons the deployment offers', async () => {
    answer({ google: false, microsoft: true, sso: true, devLogin: true });
    renderAt('/login');
    expect(await screen.findByRole('link', { name: /Sign in with Microsoft/ }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Sign in with Google/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Dev login' })).toBeTruthy();
    expect(screen.queryByTestId('login-error')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /single sign-on/ }));
    expect(await screen.findByLabelText('Work e-mail', {}, SLOW)).toBeTruthy();
  });

  it.each([
    ['no_access', 'Access denied'],
    ['sso_unknown_domain', 'Single sign-on is not set up for this e-mail'],
    ['login_failed', 'Something went wrong'],
  ])('explains ?error=%s', async (error, title) => {
    answer({ google: true, microsoft: false, sso: true, devLogin: false });
    renderAt(`/login?error=${error}`);
    const alert = await screen.findByTestId('login-error', {}, SLOW);
    expect(alert.textContent).toContain(title);
    expect(screen.queryByRole('link', { name: 'Dev login' })).toBeNull();
  });
});
