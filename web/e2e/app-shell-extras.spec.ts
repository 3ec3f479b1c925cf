import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, storageStateOf } from './support';
import { companyId, openThread, startThreadAs, uniqueTitle } from './threadSupport';

// Screenshots to look at (not compared), in the test's folder under test-results/.
const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
};
const PHONE = { width: 390, height: 844 };

/** The server's x-ui-version as the page sees it: answered by the test from now on. */
async function serveUiVersion(page: Page): Promise<(version: string) => void> {
  let version: string | null = null;
  await page.route('**/api/init.json', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    if (version) headers['x-ui-version'] = version;
    await route.fulfill({ response, headers });
  });
  return (next) => {
    version = next;
  };
}

test.describe('the app version', () => {
  test('init.json announces the UI version the client was built with', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf('anna@acme.test') });
    const response = await context.request.get('/api/init.json');
    expect(response.status()).toBe(200);
    expect(response.headers()['x-ui-version']).toBe('4.0.0');
    await context.close();
  });

  test('a newer server opens the refresh modal; versions agreeing again reload the page, and the draft survives', async ({ browser }) => {
    test.setTimeout(120_000);
    const title = uniqueTitle('Version check');
    const anna = await startThreadAs(browser, 'anna@acme.test', 'Acme Oy', title);
    const page = anna.page;
    // the 30-second check runs on the test's clock
    await page.clock.install();
    const announce = await serveUiVersion(page);
    await openThread(page, anna.companyId, anna.taskId, title);
    const draft = `Half-written answer ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Message' }).fill(draft);

    announce('4.0.1');
    await page.clock.fastForward('00:30');
    const modal = page.getByRole('dialog', { name: 'A new version is available' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'version-modal-1440');
    await page.setViewportSize(PHONE);
    await shot(page, 'version-modal-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    announce('4.0.0');
    const reloaded = page.waitForEvent('load');
    await page.clock.fastForward('00:30');
    await reloaded;
    await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('dialog', { name: 'A new version is available' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(draft);
    await anna.close();
  });
});

/** The browser's install offer, as Chromium sends it to an installable page. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { installPrompted: boolean }).installPrompted = true;
        return Promise.resolve();
      },
    });
    window.dispatchEvent(event);
  });
}

test.describe('the app install', () => {
  test('the manifest is served and linked', async ({ page }) => {
    const response = await page.request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/manifest+json');
    const manifest = (await response.json()) as { display: string; start_url: string; icons: { src: string; sizes: string }[] };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const png = await page.request.get(icon.src);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
    }
    await page.goto('/login');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    // Chromium reads it without complaint (what its install check starts from)
    const cdp = await page.context().newCDPSession(page);
    const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
    expect(read.url).toMatch(/\/manifest\.webmanifest$/);
    expect(read.errors).toEqual([]);
    expect(JSON.parse(read.data ?? '{}')).toMatchObject({ name: 'Portico', short_name: 'Portico' });
  });

  test('the login page offers nothing; signed in, the offer shows, installs, and Not now is remembered', async ({ browser }) => {
    const guest = await browser.newContext();
    const login = await guest.newPage();
    await login.goto('/login');
    await expect(login.getByRole('button', { name: /Sign in|Log in/ }).first()).toBeVisible();
    await offerInstall(login);
    await expect(login.getByRole('region', { name: 'Install Portico on this device' })).toHaveCount(0);
    await guest.close();

    const context = await browser.newContext({ storageState: storageStateOf('anna@acme.test') });
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: /Inbox/ })).toBeVisible({ timeout: 45_000 });
    await offerInstall(page);
    const prompt = page.getByRole('region', { name: 'Install Portico on this device' });
    await expect(prompt).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'install-1440');
    await page.setViewportSize(PHONE);
    await shot(page, 'install-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize({ width: 1440, height: 900 });

    await prompt.getByRole('button', { name: 'Install' }).click();
    expect(await page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted)).toBe(true);
    await expect(prompt).toHaveCount(0);

    await offerInstall(page);
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(nav.getByRole('link', { name: /Inbox/ })).toBeVisible({ timeout: 45_000 });
    await offerInstall(page);
    await expect(page.getByTestId('install-prompt')).toHaveCount(0);
    await context.close();
  });
});

test.describe('language flags', () => {
  test('the language choices show their flags', async ({ browser }) => {
    const guest = await browser.newContext();
    const login = await guest.newPage();
    await login.goto('/login');
    await login.getByRole('combobox', { name: 'Language' }).click();
    for (const name of ['English', 'Suomi', 'Svenska']) await expect(login.getByRole('option', { name })).toBeVisible();
    await expect(login.locator('.ant-select-dropdown [data-language-flag]')).toHaveCount(3);
    await shot(login, 'flags-login-1440');
    await login.keyboard.press('Escape');
    await guest.close();

    const context = await browser.newContext({ storageState: storageStateOf('anna@acme.test'), viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/my-profile');
    const languages = page.getByRole('radiogroup');
    await expect(languages.getByRole('radio', { name: 'Suomi' })).toBeVisible({ timeout: 45_000 });
    await expect(languages.locator('[data-language-flag]')).toHaveCount(3);
    await expect(languages.locator('[data-language-flag="sv"] [data-flag="se"]')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'flags-profile-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();

    // the profile menu's languages and a company's communication language, as an agent sees them
    const agentContext = await browser.newContext({ storageState: storageStateOf('agent@portico.test') });
    const agent = await agentContext.newPage();
    const acme = await companyId(agent, 'Acme Oy');
    await agent.goto(`/${acme}/customer-info`);
    await expect(agent.getByRole('rowheader', { name: 'Communication language' })).toBeVisible({ timeout: 45_000 });
    await expect(agent.getByRole('cell', { name: 'Finnish' }).locator('[data-language-flag="fi"]')).toHaveCount(1);
    await expectNoSeriousA11yViolations(agent);
    await shot(agent, 'flags-company-1440');
    await agent.getByTestId('profile-menu').click();
    await agent.getByRole('menuitem', { name: 'Language' }).hover();
    await expect(agent.getByRole('menuitem', { name: 'Svenska' }).locator('[data-language-flag="sv"]')).toBeVisible();
    await shot(agent, 'flags-menu-1440');
    await agentContext.close();
  });
});
