import { expect, test } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations } from './support';

// Pages load their code and translations on first use, which a busy machine makes slow.
const LOAD = 60_000;

// Provider users (issue 14 item 2): as the global admin, give agent@portico.test Kalev AS with a company role and
// a category, see it in the list, then take it away again, leaving the demo as it was.

test('an admin gives an agent a company with a role and a category, then takes it away', async ({ page }) => {
  test.setTimeout(240_000);
  await devLogin(page, 'admin@portico.test');
  await page.goto('/portico-users');
  await expect(page.getByRole('heading', { name: 'Portico users' })).toBeVisible({ timeout: LOAD });
  const table = page.getByRole('table', { name: 'Portico users' });
  await expect(table).toBeVisible({ timeout: LOAD });
  await page.getByLabel('Search by name or e-mail').fill('agent@portico.test');
  const row = table.getByRole('row', { name: /Alex Agent/ });
  await expect(row).toBeVisible({ timeout: LOAD });
  await expect(row).toContainText('Acme Oy');
  await expect(row).not.toContainText('Kalev AS');
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: 'Actions for Alex Agent' }).click();
  await page.getByRole('menuitem', { name: 'Give a company' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give Alex Agent a company' });
  await dialog.getByLabel('Company', { exact: true }).fill('Kalev AS');
  await page.locator('.ant-select-item-option[title="Kalev AS"]').click();
  await dialog.getByLabel('Roles in the company').click();
  await page.locator('.ant-select-item-option[title="Accountant"]').click();
  // The multiple select keeps its list open: a click on the dialog's title closes it.
  await dialog.getByText('Give Alex Agent a company').click();
  await expect(page.locator('.ant-select-item-option[title="Accountant"]')).toBeHidden();
  await dialog.getByRole('checkbox', { name: 'Accounting' }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Give', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: LOAD });

  await expect(row).toContainText('Kalev AS', { timeout: LOAD });
  await expect(row).toContainText('Accountant');

  // Take it away again.
  await row.getByRole('button', { name: 'Actions for Alex Agent' }).click();
  await page.getByRole('menuitem', { name: 'Take the company away' }).last().click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Take Kalev AS away from Alex Agent?' });
  await confirm.getByRole('button', { name: 'Take the company away' }).click();
  await expect(row).not.toContainText('Kalev AS', { timeout: LOAD });
  await expect(row).toContainText('Acme Oy');
});
