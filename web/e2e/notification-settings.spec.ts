import { expect, test, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations } from './support';

// Eva (a customer of Borealis AB) changes how she hears of status changes, and the choice is
// still there after a reload. The starting value is read first, so earlier runs do not matter.

const ROW = "A thread's status changes";

function typeSelect(page: Page) {
  return page.getByRole('combobox', { name: `${ROW}: E-mail` });
}

function row(page: Page) {
  return page.getByRole('row').filter({ hasText: ROW });
}

test('a changed notification setting is kept after a reload', async ({ page }) => {
  // two loads of the page, a save and an axe pass: more than one default budget on a busy machine
  test.slow();
  await devLogin(page, 'eva@borealis.test');
  await expect(page).not.toHaveURL(/\/auth\/dev/);
  await page.goto('/notification-settings');
  // the page's chunk and its settings load: a generous budget for a loaded machine
  const loaded = { timeout: 60_000 };
  await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible(loaded);
  await expect(typeSelect(page)).toBeEnabled(loaded);

  const before = (await row(page).locator('.ant-select').innerText()).trim();
  const next = before === 'Digest' ? 'Immediately' : 'Digest';
  await typeSelect(page).click();
  await page.locator('.ant-select-item-option', { hasText: next }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(row(page).locator('.ant-select')).toHaveText(next);

  // the badge: all categories, then the one chosen by name
  const badge = row(page).getByRole('button', { name: /^Categories: / });
  await badge.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const boxes = dialog.getByRole('checkbox');
  for (const box of await boxes.all()) await box.uncheck();
  await boxes.first().check();
  const chosen = (await dialog.locator('.ant-checkbox-wrapper').first().textContent())?.trim() ?? '';
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(badge).toHaveText(`Categories: ${chosen}`);

  await page.reload();
  await expect(typeSelect(page)).toBeEnabled(loaded);
  await expect(row(page).locator('.ant-select')).toHaveText(next);
  await expect(row(page).getByRole('button', { name: /^Categories: / })).toHaveText(`Categories: ${chosen}`);
  await expectNoSeriousA11yViolations(page);
});
