import { expect, test } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations } from './support';

test('a visitor without a session lands on the login page', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/auth/google_oauth2');
  await expect(page.getByRole('link', { name: 'Sign in with Microsoft' })).toHaveAttribute('href', '/auth/azure_oauth2');
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
