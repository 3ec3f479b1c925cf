import { expect, test, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, setUserLanguage, storageStateOf } from './support';

// Demo data (demo/forecast.go, demo/workflow.go): Acme Oy runs "Month-end closing", "Month-end reporting" (Accounting)
// and "Monthly salaries" (Payroll, a sensitive category) on schedules, their tasks due at the month's end. Anna Acme,
// customer admin, holds every category but Internal; Carl Acme holds Payroll only; Borealis AB (Eva) has no timed
// workflow, so nothing is coming up for her.

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Coming up' });
const list = (page: Page) => drawer(page).getByRole('region', { name: 'Coming up tasks' });
const button = (page: Page) => page.getByRole('button', { name: 'Coming up' });

async function openComingUp(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible({ timeout: 60_000 });
  await button(page).click();
  await expect(drawer(page)).toBeVisible();
}

/** No sideways scroll: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    client: document.scrollingElement?.clientWidth ?? 0,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe('Coming up', () => {
  test.describe.configure({ timeout: 120_000 });

  test.describe('as a customer admin', () => {
    test.use({ storageState: storageStateOf('anna@acme.test') });

    test("Anna sees the tasks her company's workflows will bring, by due day, and closes the list with the keyboard", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await openComingUp(page);
      await expect(list(page)).toBeVisible({ timeout: 30_000 });
      const report = list(page).getByRole('listitem').filter({ hasText: 'Send the month-end report' }).first();
      await expect(report).toContainText('Month-end reporting');
      await expect(report).toContainText('Accounting');
      await expect(report).toContainText(/the workflow starts /);
      const salaries = list(page).getByRole('listitem').filter({ hasText: 'Pay the salaries' }).first();
      await expect(salaries).toContainText('Monthly salaries');
      await expect(salaries).toContainText('Payroll');
      expect(await list(page).getByRole('listitem').count()).toBeGreaterThan(5);
      // one heading per due day, nearest first
      const days = list(page).getByRole('heading', { level: 3 });
      await expect(days.first()).toBeVisible();
      expect(await days.count()).toBeGreaterThan(1);
      await expect(list(page)).not.toContainText('Acme Oy', { useInnerText: true }); // one company: not named on each task
      // the focus is in the drawer: Tab reaches its close button, then the list's region, which the arrow keys scroll
      await page.keyboard.press('Tab');
      await expect(drawer(page).getByRole('button', { name: 'Close' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(list(page)).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: 'test-results/coming-up-1440.png' });

      // Escape closes it and gives the focus back to the button; Enter opens it again
      await page.keyboard.press('Escape');
      await expect(drawer(page)).toBeHidden();
      await expect(button(page)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(drawer(page)).toBeVisible();
      await expect(list(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(button(page)).toBeFocused();
    });

    test('on a phone the list has the whole screen, without sideways scroll', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible({ timeout: 60_000 });
      await expectNoSidewaysScroll(page);
      await expect(button(page)).toBeVisible(); // the icon alone, its name read out
      await page.screenshot({ path: 'test-results/coming-up-390-header.png' });
      await button(page).click();
      await expect(list(page)).toBeVisible({ timeout: 30_000 });
      await expect(list(page).getByRole('listitem').filter({ hasText: 'Pay the salaries' }).first()).toBeVisible();
      const box = await drawer(page).boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(380);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: 'test-results/coming-up-390.png' });
    });

    test('while it loads it says so, and a failure offers to try again', async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let fail = true;
      await page.route((url) => url.pathname.startsWith('/graphql'), async (route) => {
        if (!route.request().postData()?.includes('UpcomingTasks')) return route.fallback();
        await held;
        if (fail) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"down"}]}' });
        return route.fallback();
      });
      await openComingUp(page);
      await expect(drawer(page).getByRole('status', { name: 'Loading what is coming up' })).toBeVisible();
      release();
      await expect(drawer(page).getByText('Coming up could not be loaded.')).toBeVisible();
      await page.screenshot({ path: 'test-results/coming-up-error-1440.png' });
      fail = false;
      await drawer(page).getByRole('button', { name: 'Try again' }).click();
      await expect(list(page).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    });
  });

  test('Carl, who holds Payroll only, sees the salaries and nothing of Accounting, in Finnish too', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await devLogin(page, 'carl@acme.test');
    await openComingUp(page);
    await expect(list(page).getByRole('listitem').filter({ hasText: 'Pay the salaries' }).first()).toBeVisible({ timeout: 30_000 });
    await expect(list(page)).not.toContainText('Send the month-end report');
    await expect(list(page)).not.toContainText('Accounting');
    await page.keyboard.press('Escape');

    await setUserLanguage(page, 'fi');
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Tulossa' }).click();
      const fi = page.getByRole('dialog', { name: 'Tulossa' });
      await expect(fi.getByRole('region', { name: 'Tulossa olevat tehtävät' })).toContainText('Pay the salaries', { timeout: 30_000 });
      await expect(fi).toContainText('työnkulku alkaa');
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: 'test-results/coming-up-fi-1440.png' });
    } finally {
      await setUserLanguage(page, 'en');
    }
  });

  test('Eva, whose company has no scheduled workflow, is told nothing is coming up', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await devLogin(page, 'eva@borealis.test');
    await openComingUp(page);
    await expect(drawer(page).getByText('Nothing is coming up in the next 90 days.')).toBeVisible({ timeout: 30_000 });
    await expect(drawer(page)).not.toContainText('Acme');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/coming-up-empty-1440.png' });
  });

  test.describe('as provider staff', () => {
    test.use({ storageState: storageStateOf('agent@portico.test') });

    test('an agent finds it for the company they look at, not across all companies', async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/inbox?all_companies=true');
      await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible({ timeout: 60_000 });
      await expect(button(page)).toHaveCount(0);
      const init = await page.request.get('/api/init.json');
      const { companies } = (await init.json()) as { companies: { uuid: string; name: string }[] };
      const acme = companies.find((c) => c.name === 'Acme Oy');
      expect(acme).toBeDefined();
      await page.goto(`/${acme?.uuid ?? ''}/inbox`);
      await button(page).click();
      await expect(list(page).getByRole('listitem').filter({ hasText: 'Send the month-end report' }).first()).toBeVisible({
        timeout: 30_000,
      });
    });
  });
});
