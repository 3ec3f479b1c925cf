import { expect, test } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations } from './support';

// Customer users (issue 14): an admin adds a customer user to Acme Oy with Payroll only; the
// user signs in and sees only Payroll; deactivated, their open session ends at once.

test('an admin adds a Payroll-only customer user, who sees only Payroll until deactivated', async ({ browser, page }) => {
  const stamp = Date.now();
  const name = `Pia Payroll${stamp}`;
  const email = `pia.${stamp}@acme.test`;

  await devLogin(page, 'admin@portico.test');
  await page.goto('/customer-users');
  await expect(page.getByRole('heading', { name: 'Customer users' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Customer users' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add customer user' });
  await dialog.getByLabel('Company').click();
  await page.getByRole('option', { name: 'Acme Oy' }).click();
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('checkbox', { name: 'Payroll' }).check();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(email);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Acme Oy');
  await expect(row).toContainText('Payroll');
  await expect(row).not.toContainText('Accounting');

  // The new user signs in and sees only Payroll.
  const piaContext = await browser.newContext();
  const pia = await piaContext.newPage();
  await devLogin(pia, email);
  await expect(pia).toHaveURL(/\/inbox/);
  const init = (await (await pia.request.get('/api/init.json')).json()) as { categories: { name: string }[] };
  expect(init.categories.map((c) => c.name)).toEqual(['Payroll']);
  await expect(pia.getByText('Payroll run for November').first()).toBeVisible();
  await expect(pia.getByText('Lokakuun laskut / October invoices')).toHaveCount(0);

  // Deactivated, their open session ends: the app leaves for the login page.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('inactive');
  await expect(pia).toHaveURL(/\/login\?error=no_access/);
  expect((await pia.request.get('/api/init.json')).status()).toBe(401);
  await piaContext.close();
});
