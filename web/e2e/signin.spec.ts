import { expect, request, test, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, graphqlAs, storageStateOf } from './support';

// Sign-in for real (issue 11): `portico dev` runs a local OpenID provider and makes it Acme
// Oy's single sign-on (accepted domain acme.test), so the login page's SSO button goes
// through a full authorization-code flow in the browser. scripts/e2e.sh gives the server an
// authentication host (AUTH_URL, decision 0145) under this machine's other name: the browser
// signs in on 127.0.0.1, the provider sends it back to localhost, and a one-time hand-off brings
// it back to 127.0.0.1, as a company host and auth.<domain> do in production.

async function startSso(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The provider's own page: pick the account to sign in as.
  await expect(page.getByRole('heading', { name: 'Local OpenID provider' })).toBeVisible();
}

/** The authentication host the server announces (init.json's authUrl, read as a signed-in user); never the portal's own. */
async function authOrigin(portal: string): Promise<string> {
  const api = await request.newContext({ baseURL: portal, storageState: storageStateOf('anna@acme.test') });
  try {
    const init = (await (await api.get('/api/init.json')).json()) as { authUrl?: string };
    const auth = new URL(init.authUrl ?? portal).origin;
    expect(auth, 'the server has no authentication host of its own: scripts/e2e.sh sets AUTH_URL').not.toBe(portal);
    return auth;
  } finally {
    await api.dispose();
  }
}

async function acmeId(page: Page): Promise<string> {
  const origin = new URL(page.url()).origin;
  const { companies } = await graphqlAs<{ companies: { collection: { uuid: string; name: string }[] } }>(
    page.request,
    origin,
    '{ companies(search: "Acme") { collection { uuid name } } }',
  );
  const acme = companies.collection.find((c) => c.name === 'Acme Oy');
  if (!acme) throw new Error('no Acme Oy');
  return acme.uuid;
}

/** Google and Microsoft on for Acme Oy, as the demo has them (set before and restored after). */
async function allowGoogleAndMicrosoft(page: Page, companyId: string): Promise<void> {
  const { updateCompany } = await graphqlAs<{ updateCompany: { errors: { message: string }[] } }>(
    page.request,
    new URL(page.url()).origin,
    `mutation ($companyId: ID!) {
      updateCompany(companyId: $companyId, googleLoginEnabled: true, microsoftLoginEnabled: true) { errors { message } }
    }`,
    { companyId },
  );
  expect(updateCompany.errors).toEqual([]);
}

test.describe('signing in', () => {
  test('a customer signs in through her company single sign-on, by way of the authentication host, and lands in the inbox', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const portal = new URL(baseURL ?? 'http://127.0.0.1:18080').origin;
    const visited: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) visited.push(request.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in with single sign-on' })).toBeVisible();
    // This deployment has no Google or Microsoft client: no buttons for them.
    await expect(page.getByRole('link', { name: /Google|Microsoft/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Dev login' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await startSso(page, 'anna@acme.test');
    // the provider is told to send her back to the authentication host
    const auth = await authOrigin(portal);
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(`${auth}/oidc/callback`);
    await page.getByRole('link', { name: 'anna@acme.test' }).click();

    await expect(page).toHaveURL(new RegExp(`^${portal.replaceAll('.', '\\.')}/([^/]+/)?inbox(\\?|$)`));
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Inbox/ })).toBeVisible();
    await expect(page.locator('header')).toContainText('Acme Oy');
    // back through the authentication host's callback and the portal's hand-off
    const callback = visited.findIndex((url) => url.startsWith(`${auth}/oidc/callback?`));
    const handoff = visited.findIndex((url) => url.startsWith(`${portal}/auth/handoff?token=`));
    expect(callback, visited.join('\n')).toBeGreaterThanOrEqual(0);
    expect(handoff, visited.join('\n')).toBeGreaterThan(callback);
    // signed in on the portal, never on the authentication host
    const session = (origin: string) => context.cookies(origin).then((all) => all.filter((c) => c.name === 'portico_session'));
    expect(await session(portal)).toHaveLength(1);
    expect(await session(auth)).toEqual([]);
    await context.close();
  });

  test('a hand-off whose token is changed, or carried to another browser, ends on the failed sign-in and starts no session', async ({
    browser,
    baseURL,
  }) => {
    const portal = new URL(baseURL ?? 'http://127.0.0.1:18080').origin;
    const context = await browser.newContext();
    const page = await context.newPage();
    // The sign-in as the browser makes it, one redirect at a time: the provider answers with the
    // authentication host's callback, which answers with the portal's hand-off.
    await startSso(page, 'anna@acme.test');
    const account = await page.getByRole('link', { name: 'anna@acme.test' }).getAttribute('href');
    const toCallback = await page.request.get(new URL(account ?? '', page.url()).toString(), { maxRedirects: 0 });
    expect(toCallback.status()).toBe(302);
    const toHandoff = await page.request.get(toCallback.headers()['location'] ?? '', { maxRedirects: 0 });
    expect(toHandoff.status()).toBe(303);
    const handoff = new URL(toHandoff.headers()['location'] ?? '');
    expect(`${handoff.origin}${handoff.pathname}`).toBe(`${portal}/auth/handoff`);
    const token = handoff.searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    // with one character of the token changed
    handoff.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    await page.goto(handoff.toString());

    await expect(page).toHaveURL(`${portal}/login?error=login_failed`);
    const alert = page.getByTestId('login-error');
    await expect(alert).toContainText('Something went wrong');
    await expect(alert).toContainText('Signing in did not succeed. Please try again.');
    await expectNoSeriousA11yViolations(page);

    // the real token, in a browser that did not begin the sign-in (no state cookie), is refused too
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.goto(`${portal}/auth/handoff?token=${encodeURIComponent(token)}`);
    await expect(stranger).toHaveURL(`${portal}/login?error=login_failed`);
    await expect(stranger.getByTestId('login-error')).toContainText('Signing in did not succeed');
    for (const c of [context, other]) {
      expect((await c.cookies(portal)).filter((cookie) => cookie.name === 'portico_session')).toEqual([]);
    }
    await other.close();
    await context.close();

    // the events log names the refusal
    const admin = await browser.newContext({ storageState: storageStateOf('admin@portico.test') });
    const log = await admin.newPage();
    await log.goto('/logs');
    await expect(log.getByText('Sign-in failed: the hand-off from the authentication host was refused').first()).toBeVisible();
    await log.screenshot({ path: test.info().outputPath('events-handoff-refused-1440.png'), fullPage: true });
    await admin.close();
  });

  test('provider staff cannot sign in through a company single sign-on: access denied, no session', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The e-mail's domain leads to Acme Oy's provider, which then vouches for provider staff
    // (agent@portico.test): a company's own SSO admits only its customers.
    await startSso(page, 'anna@acme.test');
    await page.getByRole('link', { name: 'agent@portico.test' }).click();

    await expect(page).toHaveURL(/\/login\?error=no_access$/);
    const alert = page.getByTestId('login-error');
    await expect(alert).toContainText('Access denied');
    await expect(alert).toContainText('Your account has no access to the portal');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await context.close();
  });

  test('an e-mail whose domain has no single sign-on is told so on the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await page.getByLabel('Work e-mail').fill('someone@nowhere.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/login\?error=sso_unknown_domain/);
    await expect(page.getByTestId('login-error')).toContainText('Single sign-on is not set up for this e-mail');
    // The form stays open for another address.
    await expect(page.getByLabel('Work e-mail')).toBeVisible();
  });
});

test.describe('sign-in settings', () => {
  test('an agent admin sees Acme Oy OIDC settings, tests the server, and a refused save keeps what was typed', async ({
    page,
  }) => {
    await devLogin(page, 'agentadmin@portico.test');
    await expect(page).toHaveURL(/\/inbox/);
    const acme = await acmeId(page);
    await page.goto(`/${acme}/customer-info`);
    await page.getByRole('button', { name: 'SSO settings' }).click();
    await expect(page).toHaveURL(/\/customer-info\/sso-settings$/);

    await expect(page.getByRole('heading', { name: 'SSO settings', level: 1 })).toBeVisible();
    await expect(page.getByText('Active: OIDC')).toBeVisible();
    // the URL input shows the address's scheme (http:// for the local test server) apart
    const issuer = page.getByLabel('Issuer');
    await expect(issuer).toHaveValue(/^127\.0\.0\.1:\d+\/oidc$/);
    await expect(page.getByTestId('oidc-settings-form').getByText('http://', { exact: true })).toBeVisible();
    // The secret is write-only: stored, never shown.
    await expect(page.getByLabel('Client secret')).toHaveValue('');
    await expect(page.getByText('A secret is stored and never shown')).toBeVisible();
    // the addresses to register are the authentication host's (AUTH_URL), each to copy
    const origin = await authOrigin(new URL(page.url()).origin);
    await expect(page.getByText(`${origin}/oidc/callback`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy: Redirect address (callback)' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('sso-oidc-1440.png'), fullPage: true });
    // and the sign-in answers there: a callback without its flow is refused by the sign-in itself
    const callback = await page.request.get(`${origin}/oidc/callback?state=none&code=x`, { maxRedirects: 0 });
    expect(callback.status()).toBe(303);
    expect(callback.headers()['location']).toBe('/login?error=login_failed');

    await page.getByRole('button', { name: 'Test server' }).click();
    await expect(page.locator('.ant-notification-notice-success')).toContainText('The OpenID provider answered');

    await page.getByLabel('Scopes').fill('email profile');
    await page.getByLabel('Client id').fill('changed-client');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The scopes must include openid')).toBeVisible();
    await expect(page.getByLabel('Scopes')).toHaveValue('email profile');
    await expect(page.getByLabel('Client id')).toHaveValue('changed-client');

    // Choosing SAML shows its form and Portico's service-provider addresses; nothing is saved.
    await page.getByText('SAML', { exact: true }).click();
    await expect(page.getByText(`${origin}/saml/metadata`, { exact: true })).toBeVisible();
    await expect(page.getByText(`${origin}/saml/consume`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy: Service provider metadata and entity id' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy: Assertion consumer service (ACS)' })).toBeVisible();
    await expect(page.getByRole('button', { name: /metadata XML file/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const metadata = await page.request.get(`${origin}/saml/metadata`);
    expect(metadata.ok()).toBe(true);
    expect(await metadata.text()).toContain(`Location="${origin}/saml/consume"`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText(`${origin}/saml/consume`, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('sso-saml-390.png'), fullPage: true });
  });

  test('a global admin switches log-in options; the last method cannot be turned off', async ({ page }) => {
    await devLogin(page, 'admin@portico.test');
    await expect(page).not.toHaveURL(/\/auth\/dev/);
    const acme = await acmeId(page);
    await allowGoogleAndMicrosoft(page, acme);
    try {
      await page.goto(`/companies/${acme}/log-in-options`);
      await expect(page.getByRole('heading', { name: 'Log-in options', level: 2 })).toBeVisible();
      await expect(page.locator('.ant-breadcrumb')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acme Oy');
      const sso = page.getByRole('switch', { name: 'Single sign-on' });
      const google = page.getByRole('switch', { name: 'Google' });
      const microsoft = page.getByRole('switch', { name: 'Microsoft' });
      await expect(sso).toBeChecked();
      await expect(page.getByText(/OIDC is set up/)).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await microsoft.click();
      await expect(microsoft).not.toBeChecked();
      await google.click();
      await expect(google).not.toBeChecked();
      await page.reload();
      await expect(google).not.toBeChecked();
      await expect(microsoft).not.toBeChecked();

      await sso.click();
      await expect(page.locator('.ant-notification-notice')).toContainText('One login method must be available');
      await expect(sso).toBeChecked();
    } finally {
      await allowGoogleAndMicrosoft(page, acme);
    }
  });
});
