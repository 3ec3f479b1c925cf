import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, setUserLanguage } from './support';
import { companyId, graphql, uniqueTitle } from './threadSupport';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
// Reduced motion: the drawer appears at once, so axe sees its final colours.
const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent: IPHONE_UA,
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce' as const,
};

// A translation key shown as text looks like "nav.inbox": words joined by dots.
const DOTTED_KEY = /\b[a-z]+(\.[a-zA-Z_]+){1,}\b/g;
// The shell's namespaces: a dotted word starting like one of their keys is an untranslated key.
const shellKeys = (namespace: string): string[] =>
  Object.keys(JSON.parse(readFileSync(new URL(`../src/locales/en/${namespace}.json`, import.meta.url), 'utf8')) as object);
const SHELL_KEY_HEADS = new Set([...shellKeys('common'), ...shellKeys('errors')].map((key) => key.split('.')[0]));

/** Text a person can see or hear on the page: visible text and accessible names. */
async function shownTexts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')).flatMap((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, ...attributes].join('\n');
  });
}

async function expectNoUntranslatedKeys(page: Page): Promise<void> {
  const text = await shownTexts(page);
  const keys = [...text.matchAll(DOTTED_KEY)].map((m) => m[0]).filter((word) => SHELL_KEY_HEADS.has(word.split('.')[0] ?? ''));
  expect(keys, `untranslated keys: ${keys.join(', ')}`).toEqual([]);
}

async function chooseLanguage(page: Page, languageMenu: string, language: string): Promise<void> {
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: languageMenu }).hover();
  await page.getByRole('menuitem', { name: language }).click();
}

test.describe('the phone', () => {
  test('a customer on a phone chooses the mobile layout: only the Inbox and a go-to-desktop link', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await devLogin(page, 'anna@acme.test');
    await expect(page).toHaveURL(/\/inbox/);

    const ask = page.getByRole('dialog', { name: 'View the mobile version?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'View mobile' }).click();
    await expect(ask).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'mobile');

    await page.getByRole('button', { name: 'Expand navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: /Inbox/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Go to desktop' })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);

    // The choice is kept: no question after a reload.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'mobile');
    await expect(page.getByRole('dialog', { name: 'View the mobile version?' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Expand navigation' }).click();
    await nav.getByRole('link', { name: 'Go to desktop' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'desktop');
    await page.getByRole('button', { name: 'Expand navigation' }).click();
    await expect(nav.getByRole('link', { name: 'Files' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My company' })).toBeVisible();
    await context.close();
  });

  test('a customer on a phone keeps the desktop layout when asked', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await devLogin(page, 'anna@acme.test');
    const ask = page.getByRole('dialog', { name: 'View the mobile version?' });
    await ask.getByRole('button', { name: 'Keep desktop' }).click();
    await expect(ask).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'desktop');
    expect(await page.evaluate(() => window.localStorage.getItem('platform_selected'))).toBe('desktop');
    await context.close();
  });

  test('switching the language to Finnish and to Swedish leaves no untranslated key in the shell', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await devLogin(page, 'anna@acme.test');
    await page.getByRole('dialog', { name: 'View the mobile version?' }).getByRole('button', { name: 'View mobile' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'mobile');

    await chooseLanguage(page, 'Language', 'Suomi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    await page.getByRole('button', { name: 'Laajenna valikko' }).click();
    const nav = page.getByRole('navigation', { name: 'Päänavigaatio' });
    await expect(nav.getByRole('link', { name: 'Siirry työpöytäversioon' })).toBeVisible();
    await expectNoUntranslatedKeys(page);
    await page.keyboard.press('Escape');

    await chooseLanguage(page, 'Kieli', 'Svenska');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await page.getByRole('button', { name: 'Fäll ut navigeringen' }).click();
    await expect(page.getByRole('navigation', { name: 'Huvudnavigering' }).getByRole('link', { name: 'Gå till datorversionen' })).toBeVisible();
    await expectNoUntranslatedKeys(page);
    // the choice is kept on the server: English again for the specs after this one
    await setUserLanguage(page, 'en');
    await context.close();
  });
});

test.describe('the mobile inbox', () => {
  test('a customer works a thread on a phone: cards, 4 tabs and More, the thread menu, attachments, the round button', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext(PHONE);
    // The person chose the mobile layout earlier (platform_selected).
    await context.addInitScript(() => window.localStorage.setItem('platform_selected', 'mobile'));
    const page = await context.newPage();
    await devLogin(page, 'anna@acme.test');
    await expect(page).toHaveURL(/\/inbox/);
    const acme = await companyId(page, 'Acme Oy');
    const title = uniqueTitle('Phone thread');
    await graphql(
      page.request,
      `mutation ($companyId: ID!, $title: String!) {
        createTask(companyId: $companyId, categoryId: "1", title: $title, description: "<p>From a phone test.</p>") {
          task { uuid }
          errors { code message }
        }
      }`,
      { companyId: acme, title },
    );

    await page.goto(`/${acme}/inbox`);
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'mobile');
    const list = page.getByRole('region', { name: 'Thread list' });
    await expect(list.getByTestId('thread-row').first()).toBeVisible({ timeout: 45_000 });
    // Cards without checkboxes, and a customer's five folders without More.
    await expect(list.getByTestId('thread-row').first()).toHaveAttribute('data-layout', 'mobile');
    await expect(list.getByRole('checkbox')).toHaveCount(0);
    const folders = page.getByRole('navigation', { name: 'Folders' });
    await expect(folders.getByRole('button')).toHaveCount(5);
    await expect(page.getByRole('link', { name: 'Go to desktop' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A search adds the search results: six folders, so the first 4 and More.
    await list.getByRole('searchbox', { name: 'Search threads' }).fill(title);
    await list.getByRole('searchbox', { name: 'Search threads' }).press('Enter');
    await expect(folders.getByRole('button')).toHaveCount(5);
    await expect(folders.getByRole('button').nth(0)).toContainText('Search results');
    await expect(folders.getByRole('button', { name: 'More' })).toBeVisible();
    await folders.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('menuitem', { name: /Completed/ })).toBeVisible();
    await page.keyboard.press('Escape');

    // The thread has the whole screen.
    const card = list.getByTestId('thread-row').filter({ hasText: title });
    await card.getByRole('link').first().click();
    const pane = page.getByTestId('thread-pane');
    await expect(pane.getByRole('heading', { name: title })).toBeVisible({ timeout: 45_000 });
    await expect(list).toHaveCount(0);
    await expect(pane.getByRole('button', { name: 'Back to the threads' })).toBeVisible();
    await expect(pane.getByRole('button', { name: 'Thread menu' })).toBeInViewport();
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);

    // The thread menu changes the status.
    await pane.getByRole('button', { name: 'Thread menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Thread menu' });
    await expect(menu).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await menu.getByRole('menuitem', { name: 'Status: Not started' }).click();
    await menu.getByRole('menuitem', { name: 'In progress' }).click();
    await expect(menu).toBeHidden();
    await expect(pane.getByTestId('thread-status')).toHaveText('In progress');
    await expect(pane.getByRole('log', { name: 'Messages' })).toContainText(
      'changed the status from Not started to In progress',
    );

    // The attachments screen, and back to the thread.
    await pane.getByRole('button', { name: 'Thread menu' }).click();
    await menu.getByRole('menuitem', { name: /Attachments$/ }).click();
    const attachments = page.getByTestId('attachments-screen');
    await expect(attachments.getByRole('heading', { name: 'Attachments' })).toBeVisible();
    await expect(attachments.getByText('No attachments yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await attachments.getByRole('button', { name: 'Back to the thread' }).click();
    await expect(attachments).toHaveCount(0);
    await expect(pane.getByRole('heading', { name: title })).toBeVisible();

    // Back to the list: the card shows the new status without a reload.
    await pane.getByRole('button', { name: 'Back to the threads' }).click();
    await expect(card.getByText('In progress')).toBeVisible();

    // The round button opens the new-thread modal.
    await page.getByRole('button', { name: 'New message' }).click();
    const modal = page.getByRole('dialog', { name: 'New message' });
    await expect(modal).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();

    // The way back to the desktop layout.
    await page.getByRole('link', { name: 'Go to desktop' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'desktop');
    await expect(page.getByRole('button', { name: 'New message' })).toBeVisible();
    await context.close();
  });
});

test('an agent sees no untranslated key in the desktop shell in Finnish and Swedish', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await devLogin(page, 'agent@portico.test');
  await expect(page).toHaveURL(/\/inbox/);
  await chooseLanguage(page, 'Language', 'Suomi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await page.getByRole('combobox', { name: 'Yritys' }).click();
  await expectNoUntranslatedKeys(page);
  await page.keyboard.press('Escape');
  await chooseLanguage(page, 'Kieli', 'Svenska');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expectNoUntranslatedKeys(page);
  // the choice is kept on the server: English again for the specs after this one
  await setUserLanguage(page, 'en');
  await context.close();
});
