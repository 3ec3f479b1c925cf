import { expect, test } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, setUserLanguage } from './support';

test.describe('the portal shell', () => {
  test('an agent starts in the inbox of all companies and switches to Acme Oy', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'agent@portico.test');

    await expect(page).toHaveURL(/\/inbox\?all_companies=true$/);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Tasks' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'People' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('combobox', { name: 'Company' }).click();
    await page.locator('.ant-select-item-option[title="Acme Oy"]').click();

    await expect(page).toHaveURL(/\/[^/]+\/inbox$/);
    await expect(page.locator('header')).toContainText('Acme Oy');
    for (const item of ['Inbox', 'Tasks', 'Files', 'Customer info', 'People', 'Analytics']) {
      await expect(nav.getByRole('link', { name: item })).toBeVisible();
    }
    await context.close();
  });

  test('a customer whose company has not accepted the terms sees the terms first', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'kalle@kalev.test');

    await expect(page).toHaveURL(/\/terms-and-conditions$/);
    await expect(page.locator('header')).toContainText('Kalev AS');
    // no TERMS_URL under `portico dev`: the portal's own terms are shown, naming the company
    await expect(page.getByRole('region', { name: 'The terms and conditions' })).toContainText('on behalf of Kalev AS');
    const agree = page.getByRole('button', { name: 'Agree and continue' });
    await expect(agree).toBeDisabled();
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await expect(agree).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  test('a customer switches the language to Finnish and logs out', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'anna@acme.test');

    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Language' }).hover();
    await page.getByRole('menuitem', { name: 'Suomi' }).click();
    const nav = page.getByRole('navigation', { name: 'Päänavigaatio' });
    await expect(nav.getByRole('link', { name: /Saapuneet/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');

    await page.reload();
    await expect(nav.getByRole('link', { name: /Saapuneet/ })).toBeVisible();
    // the choice is kept on the server: English again for the specs after this one
    await setUserLanguage(page, 'en');

    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Kirjaudu ulos' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await context.close();
  });

  test('an agent marks a company as a favourite, sees it first in the switcher, and the help opens in a new tab', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'agent@portico.test');
    await expect(page).toHaveURL(/\/inbox\?all_companies=true$/);
    const help = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Help/ });
    await expect(help).toHaveAttribute('target', '_blank');
    await expect(help).toHaveAccessibleName('Help (opens in a new tab)');
    // the visible label fits the sidebar: an icon says "new tab", no ellipsis cuts the word
    const fits = await help.evaluate((link) => {
      const title = link.closest('.ant-menu-title-content') ?? link;
      return title.scrollWidth <= title.clientWidth;
    });
    expect(fits).toBe(true);

    const switcher = page.getByRole('combobox', { name: 'Company' });
    await switcher.click();
    await page.locator('.ant-select-item-option[title="Borealis AB"]').click();
    await expect(page).toHaveURL(/\/[^/]+\/inbox$/);

    const star = page.getByTestId('favorite-toggle');
    // A run that stopped half-way may have left the mark: start from no favourite.
    if ((await star.getAttribute('aria-pressed')) === 'true') {
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'false');
    }
    await star.click();
    await expect(page.getByRole('button', { name: 'Remove Borealis AB from favourites' })).toHaveAttribute('aria-pressed', 'true');

    try {
      await switcher.click();
      const names = await page.locator('.ant-select-item-option').evaluateAll((options) => options.map((o) => o.getAttribute('title')));
      expect(names.indexOf('Borealis AB')).toBeLessThan(names.indexOf('Acme Oy'));
      await page.keyboard.press('Escape');
    } finally {
      await page.getByRole('button', { name: 'Remove Borealis AB from favourites' }).click();
      await expect(page.getByRole('button', { name: 'Add Borealis AB to favourites' })).toHaveAttribute('aria-pressed', 'false');
      await context.close();
    }
  });
});
