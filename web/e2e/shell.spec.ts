import { expect, test, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, setUserLanguage, storageStateOf } from './support';

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

  test('an agent chooses the Nordic Group on the Inbox, stars it, and chooses it again to deselect; elsewhere there is no group choice', async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: storageStateOf('agent@portico.test') });
    const page = await context.newPage();
    await page.goto('/inbox');
    await expect(page).toHaveURL(/\/inbox\?all_companies=true$/);
    const switcher = page.getByRole('combobox', { name: 'Company' });
    await switcher.click();
    await switcherOption(page, 'Nordic Group').click();
    await expect(page).toHaveURL(/\/[^/]+\/inbox\?group=true$/);
    const nordic = new URL(page.url()).pathname.split('/')[1] ?? '';
    await expect(page.getByTestId('company-switcher')).toContainText('Nordic Group');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Tasks' })).toHaveAttribute('href', `/${nordic}/tasks?group=true`);
    await expect(nav.getByRole('link', { name: 'Files' })).toHaveCount(0);

    // the group selects its companies and its mother company: the list marks them
    await switcher.click();
    await expect(switcherOption(page, 'Nordic Group')).toContainText('2 companies · choose again to deselect');
    for (const name of ['Acme Oy', 'Borealis AB']) {
      await expect(switcherOption(page, name).getByRole('img', { name: 'Selected with the group' })).toBeVisible();
    }
    await expect(switcherOption(page, 'Acme Oy')).toContainText('Mother company');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    const star = page.getByTestId('favorite-toggle');
    // a run that stopped half-way may have left the star: start from none
    if ((await star.getAttribute('aria-pressed')) === 'true') {
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'false');
    }
    try {
      await page.getByRole('button', { name: 'Add Nordic Group to favourites' }).click();
      await expect(page.getByRole('button', { name: 'Remove Nordic Group from favourites' })).toHaveAttribute('aria-pressed', 'true');
      await switcher.click();
      await expect(switcherOption(page, 'Nordic Group').getByRole('img', { name: 'Favourite' })).toBeVisible();
      await page.keyboard.press('Escape');
    } finally {
      await page.getByRole('button', { name: 'Remove Nordic Group from favourites' }).click();
      await expect(page.getByRole('button', { name: 'Add Nordic Group to favourites' })).toHaveAttribute('aria-pressed', 'false');
    }

    // the same choice again deselects the group (and so its companies): all companies
    await nav.getByRole('link', { name: 'Tasks' }).click();
    await expect(page).toHaveURL(new RegExp(`/${nordic}/tasks\\?group=true$`));
    await switcher.click();
    await switcherOption(page, 'Nordic Group').click();
    await expect(page).toHaveURL(/\/tasks\?all_companies=true$/);
    await expect(page.getByTestId('company-switcher')).toContainText('All companies');
    await switcher.click();
    await expect(switcherOption(page, 'Acme Oy').getByRole('img', { name: 'Selected with the group' })).toHaveCount(0);
    await switcherOption(page, 'Acme Oy').click();
    await expect(page).toHaveURL(/\/[^/]+\/tasks$/);

    // a page about one company offers no group, and a group's address there leads to its Inbox
    await nav.getByRole('link', { name: 'Files' }).click();
    await expect(page).toHaveURL(/\/shared-files$/);
    await switcher.click();
    await expect(switcherOption(page, 'Borealis AB')).toBeVisible();
    await expect(switcherOption(page, 'Nordic Group')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto(`/${nordic}/shared-files?group=true`);
    await expect(page).toHaveURL(new RegExp(`/${nordic}/inbox\\?group=true$`));
    await context.close();
  });

  test('the group switcher in Finnish', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf('agent@portico.test') });
    const page = await context.newPage();
    await page.goto('/inbox');
    await setUserLanguage(page, 'fi');
    try {
      await page.reload();
      const switcher = page.getByRole('combobox', { name: 'Yritys' });
      await switcher.click();
      await page.locator('.ant-select-dropdown:visible').getByText('Yritysryhmät').waitFor();
      await switcherOption(page, 'Nordic Group').click();
      await expect(page).toHaveURL(/\?group=true$/);
      await switcher.click();
      await expect(switcherOption(page, 'Nordic Group')).toContainText('2 yritystä · poista valinta valitsemalla uudelleen');
      await expect(switcherOption(page, 'Acme Oy')).toContainText('Emoyhtiö');
      await expect(switcherOption(page, 'Borealis AB').getByRole('img', { name: 'Valittu ryhmän mukana' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Lisää Nordic Group suosikkeihin' })).toBeVisible();
    } finally {
      await setUserLanguage(page, 'en');
      await context.close();
    }
  });

  test('the admin panel has a company switcher: a list of every company or one, kept along its lists', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf('admin@portico.test') });
    const page = await context.newPage();
    await page.goto('/portico-users');
    const switcher = page.getByRole('combobox', { name: 'Company' });
    await expect(page.getByTestId('company-switcher')).toContainText('All companies');
    await switcher.click();
    await expect(switcherOption(page, 'Kalev AS')).toBeVisible();
    await expect(page.locator('.ant-select-dropdown:visible')).not.toContainText('Company groups');
    await switcherOption(page, 'Acme Oy').click();
    await expect(page).toHaveURL(/\/[^/]+\/portico-users$/);
    const acme = new URL(page.url()).pathname.split('/')[1] ?? '';
    const nav = page.getByRole('navigation', { name: 'Admin panel navigation' });
    await nav.getByRole('link', { name: 'Events log' }).click();
    await expect(page).toHaveURL(new RegExp(`/${acme}/logs$`));
    await expect(page.getByTestId('company-switcher')).toContainText('Acme Oy');
    await switcher.click();
    await switcherOption(page, 'All companies').click();
    await expect(page).toHaveURL(/\/logs$/);
    await expect(page).not.toHaveURL(new RegExp(acme));
    // the company card is about its company: no switcher there
    await page.goto(`/companies/${acme}/customer-info`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('company-switcher')).toHaveCount(0);
    await context.close();
  });
});

/** An option of the open company switcher, by its name. */
function switcherOption(page: Page, name: string) {
  return page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`);
}
