import { expect, test, type Locator, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations } from './support';

// Pages load their code and translations on first use, which a busy machine makes slow: the
// first sight of a page waits for it longer than a check within a page.
const LOAD = 60_000;

/** Opens Add user on the customer users page and fills in a new Acme Oy user; answers the dialog. */
async function addAcmeUser(page: Page, name: string, email: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add customer user' });
  await dialog.getByLabel('Company').fill('Acme Oy');
  await page.locator('.ant-select-item-option[title="Acme Oy"]').click();
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  return dialog;
}

// Customer users (issue 14): an admin adds a customer user to Acme Oy with Payroll only; the
// user signs in and sees only Payroll; deactivated, their open session ends at once.

test('an admin adds a Payroll-only customer user, who sees only Payroll until deactivated', async ({ browser, page }) => {
  test.setTimeout(300_000); // a journey through several pages and two sign-ins
  const stamp = Date.now();
  const name = `Pia Payroll${stamp}`;
  const email = `pia.${stamp}@acme.test`;

  await devLogin(page, 'admin@portico.test');
  await page.goto('/customer-users');
  await expect(page.getByRole('heading', { name: 'Customer users' })).toBeVisible({ timeout: LOAD });
  await expect(page.getByRole('table', { name: 'Customer users' })).toBeVisible({ timeout: LOAD });
  await expectNoSeriousA11yViolations(page);

  const dialog = await addAcmeUser(page, name, email);
  // Payroll is sensitive: giving it asks first (spec 002 §4).
  await dialog.getByRole('checkbox', { name: 'Payroll' }).click();
  const sensitive = page.getByRole('dialog').filter({ hasText: 'Payroll is a sensitive category' });
  await sensitive.getByRole('button', { name: 'Give the category' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Payroll' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: LOAD });

  await page.getByLabel('Search by name or e-mail').fill(email);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible({ timeout: LOAD });
  await expect(row).toContainText('Acme Oy');
  await expect(row).toContainText('Payroll');
  await expect(row).not.toContainText('Accounting');

  // The new user signs in and sees only Payroll.
  const piaContext = await browser.newContext();
  const pia = await piaContext.newPage();
  await devLogin(pia, email);
  await expect(pia).toHaveURL(/\/inbox/, { timeout: LOAD });
  const init = (await (await pia.request.get('/api/init.json')).json()) as { categories: { name: string }[] };
  expect(init.categories.map((c) => c.name)).toEqual(['Payroll']);
  await expect(pia.getByText('Payroll run for November').first()).toBeVisible({ timeout: LOAD });
  await expect(pia.getByText('Lokakuun laskut / October invoices')).toHaveCount(0);

  // Deactivated, their open session ends: the app leaves for the login page.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Deactivate ${name}?` });
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(row).toContainText('inactive');
  // The realtime event leaves at once; the session check every 30 s is the fallback.
  await expect(pia).toHaveURL(/\/login\?error=no_access/, { timeout: 45_000 });
  expect((await pia.request.get('/api/init.json')).status()).toBe(401);
  await piaContext.close();
});

// Making someone a company admin asks first; cancelled, the role stays user (spec 000 §6, 002 §4).
test('making a customer user a company admin asks first, and cancelling keeps them a user', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const name = `Aino Admin${stamp}`;
  const email = `aino.${stamp}@acme.test`;

  await devLogin(page, 'admin@portico.test');
  await page.goto('/customer-users');
  await expect(page.getByRole('table', { name: 'Customer users' })).toBeVisible({ timeout: LOAD });
  const dialog = await addAcmeUser(page, name, email);
  await dialog.getByRole('checkbox', { name: 'Accounting' }).check();

  const asked = page.getByRole('dialog').filter({ hasText: 'Make this user a company admin?' });
  await dialog.getByRole('radio', { name: 'Admin', exact: true }).click();
  await expect(asked).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(asked).toBeHidden();
  await expect(dialog.getByRole('radio', { name: 'User', exact: true })).toBeChecked();

  await dialog.getByRole('radio', { name: 'Admin', exact: true }).click();
  await asked.getByRole('button', { name: 'Make admin' }).click();
  await expect(dialog.getByRole('radio', { name: 'Admin', exact: true })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: LOAD });

  await page.getByLabel('Search by name or e-mail').fill(email);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible({ timeout: LOAD });
  await expect(row.getByRole('cell').filter({ hasText: /^Admin$/ })).toHaveCount(1);
});
