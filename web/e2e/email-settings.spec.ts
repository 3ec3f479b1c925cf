import { expect, test } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations } from './support';
import { companyId } from './threadSupport';

// The admin panel's e-mail settings of Acme Oy (spec 002 §2.10). Aliases are unique across
// companies and var/e2e keeps data between runs, so each run uses letters of its own.
const letters = (n: number): string =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test.describe('e-mail settings', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a global admin gives a category an address, switches its mail on and keeps an accepted sender list', async ({ page }) => {
    const alias = `etoe_${letters(10)}`;
    const sender = `e2e-${Date.now().toString(36)}${letters(4)}@example.com`;
    await devLogin(page, 'admin@portico.test');
    await expect(page).not.toHaveURL(/\/auth\/dev/);
    const acme = await companyId(page, 'Acme Oy');

    await page.goto(`/companies/${acme}/email-settings`);
    await expect(page.getByRole('heading', { level: 2, name: 'E-mail settings' })).toBeVisible({ timeout: 60_000 });
    // inside the company card: the card's breadcrumb and heading only
    await expect(page.locator('.ant-breadcrumb')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acme Oy');
    const table = page.getByRole('table', { name: 'E-mail settings' });
    const accounting = table.getByRole('row').filter({ hasText: 'Accounting' });
    await expect(accounting).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A malformed alias is refused in the form; a good one is saved and shown as an address.
    await accounting.getByRole('button', { name: 'Edit the e-mail settings of Accounting' }).click();
    const dialog = page.getByRole('dialog', { name: 'E-mail settings of Accounting' });
    const aliasBox = dialog.getByRole('textbox', { name: 'Address name' });
    await aliasBox.fill('not-valid');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Only Latin letters and the symbols + and _ are allowed')).toBeVisible();
    await aliasBox.fill(alias);
    // var/e2e keeps what earlier runs saved: switch it on only when it is off
    const anySender = dialog.getByRole('switch', { name: 'Take mail from any sender' });
    if ((await anySender.getAttribute('aria-checked')) !== 'true') await anySender.click();
    await expect(anySender).toHaveAttribute('aria-checked', 'true');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(accounting.getByText(new RegExp(`^${alias}@`))).toBeVisible();
    await expect(accounting.getByText('Any sender')).toBeVisible();

    // The enable switch writes at once and stays after a reload.
    const enable = accounting.getByRole('switch', { name: 'Receive e-mail for Accounting' });
    const before = (await enable.getAttribute('aria-checked')) === 'true';
    await enable.click();
    await expect(enable).toHaveAttribute('aria-checked', String(!before));
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'E-mail settings' }).getByRole('row').filter({ hasText: 'Accounting' })
        .getByRole('switch', { name: 'Receive e-mail for Accounting' }),
    ).toHaveAttribute('aria-checked', String(!before), { timeout: 60_000 }); // a reload loads the page's code again

    // Accepted e-mails: add (a bad address first), find by search, delete.
    await page.getByRole('button', { name: 'Accepted e-mails' }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${acme}/accepted-emails`));
    await expect(page.getByRole('heading', { level: 2, name: 'Accepted e-mails' })).toBeVisible();
    await expect(page.locator('.ant-breadcrumb')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'E-mail settings' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Add e-mail' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add e-mail' });
    await add.getByRole('textbox', { name: 'E-mail address' }).fill('not an address');
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add.getByText('Email address is not valid')).toBeVisible();
    await add.getByRole('textbox', { name: 'E-mail address' }).fill(sender);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText(`${sender} was added`)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search e-mails' }).fill(sender);
    await expect(page).toHaveURL(/table_accepted_emails=/);
    const list = page.getByRole('table', { name: 'Accepted e-mails' });
    await expect(list.getByRole('row').filter({ hasText: sender })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await list.getByRole('button', { name: `Delete ${sender}` }).click();
    await page.locator('.ant-popconfirm-buttons').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${sender} was deleted`)).toBeVisible();
    await expect(list.getByRole('row').filter({ hasText: sender })).toHaveCount(0);

    // The company card's view link goes back to the e-mail settings.
    await page.getByRole('navigation', { name: 'Company views' }).getByRole('link', { name: 'E-mail settings' }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${acme}/email-settings`));
  });
});
