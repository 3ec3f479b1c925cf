import { expect, test } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations } from './support';

test('a visitor without a session lands on the login page', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // `portico dev` has no Google or Microsoft client: single sign-on and dev login only.
  await expect(page.getByRole('button', { name: 'Sign in with single sign-on' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sign in with (Google|Microsoft)/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dev login' })).toHaveAttribute('href', '/auth/dev');
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('a customer signs in with dev login and sees the portal shell of Acme Oy', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();

  await page.goto('/');
  await expect(page).toHaveURL(/\/login(\?|$)/);

  await devLogin(page, 'anna@acme.test');

  const header = page.locator('header');
  await expect(header).toContainText('Acme Oy');
  await expect(page).toHaveURL(/\/inbox/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Inbox/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  await context.close();
});

// vite.config.ts extracts the CSS of antd's common components into a stylesheet at build
// time, so the browser does not compute it. Should App.tsx's theme and the extracted one
// drift apart, antd silently computes everything again: this catches that.
test('the inbox takes antd styles from the built stylesheet, not from runtime style computation', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await devLogin(page, 'anna@acme.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New message' })).toBeVisible();

  const styles = await page.evaluate(() => ({
    stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href') ?? ''),
    // The main rule of a component's own style, as antd writes it: `:where(.css-<hash>).ant-btn{`.
    computedAtRuntime: [...document.querySelectorAll('style')]
      .map((s) => s.textContent ?? '')
      .flatMap((css) => ['ant-btn', 'ant-typography', 'ant-menu', 'ant-layout'].filter((c) => css.includes(`).${c}{`))),
  }));
  expect(styles.stylesheets.some((href) => /^\/assets\/antd-[0-9a-f]+\.css$/.test(href))).toBe(true);
  expect(styles.computedAtRuntime).toEqual([]);
  await context.close();
});
