import { expect, test, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, setUserLanguage, storageStateOf } from './support';

// Demo data (demo/forecast.go): besides the demo workflow, Acme Oy runs "Month-end reporting" (5 tasks for its
// responsible agent, Alex Agent) and "Monthly salaries" (4 tasks for Aaro Agentadmin) from the 5th of each month,
// all due on the month's last business day: 9 tasks, over the screen's default threshold of 8.

const calendar = (page: Page) => page.getByRole('group', { name: /^Tasks due per day in / });
const list = (page: Page) => page.getByRole('region', { name: 'Forecast tasks' });

/** Waits for the calendar, the list and the heatmap to have their answers. */
async function settled(page: Page) {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 60_000 });
}

async function nextMonth(page: Page) {
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page).toHaveURL(/table_workflow_forecast=.*month/);
  await settled(page);
}

test.describe('the workload forecast', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ storageState: storageStateOf('agent@portico.test') });

  test("an agent finds next month's busy month-end, its tasks and who has them", async ({ page }) => {
    await page.goto('/inbox?all_companies=true');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Forecast' }).click();
    await expect(page).toHaveURL(/\/workflows\/forecast/);
    await expect(page.getByRole('heading', { level: 1, name: 'Workload forecast' })).toBeVisible({ timeout: 60_000 });
    await nextMonth(page);

    // the month's last business day is marked busy: nine tasks
    const busy = calendar(page).locator('button[data-busy]');
    await expect(busy).toHaveCount(1);
    await expect(busy).toHaveAccessibleName(/: 9 tasks due, Busy$/);
    await expect(busy).toContainText('9 tasks');
    await busy.click();
    await expect(busy).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 2, name: /^Due on / })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: 'test-results/forecast-1440-day.png' });
    await expect(list(page).getByRole('listitem')).toHaveCount(9);
    const salaries = list(page).getByRole('listitem').filter({ hasText: 'Pay the salaries' });
    await expect(salaries).toContainText('Monthly salaries');
    await expect(salaries).toContainText('Aaro Agentadmin');
    await expect(salaries).toContainText('Payroll');
    await expect(list(page).getByRole('listitem').filter({ hasText: 'Send the month-end report' })).toContainText('Alex Agent');
    await expect(list(page).getByRole('link', { name: 'Open the workflows of Acme Oy' }).first()).toHaveAttribute(
      'href',
      /\/company-workflows$/,
    );

    // the heatmap: a row per person, the busy day's cells under the threshold
    const heatmap = page.getByTestId('forecast-heatmap');
    await expect(heatmap.getByRole('rowheader', { name: 'Alex Agent' })).toBeVisible();
    await expect(heatmap.getByRole('rowheader', { name: 'Aaro Agentadmin' })).toBeVisible();
    const day = (await busy.getAttribute('data-date')) ?? '';
    await expect(heatmap.getByRole('row', { name: /Aaro Agentadmin/ }).locator(`td[data-date="${day}"]`)).toHaveText('4');
    await expect(heatmap.getByRole('row', { name: /Alex Agent/ }).locator(`td[data-date="${day}"]`)).toHaveText('5');
    await page.locator('.ant-segmented').getByText('Per category', { exact: true }).click();
    await expect(heatmap.getByRole('row', { name: /Payroll/ }).locator(`td[data-date="${day}"]`)).toHaveText('4');
    await expect(page).toHaveURL(/view/);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/forecast-1440.png', fullPage: true });

    // filtered to Aaro's tasks the day has four, under the threshold; a lower threshold marks it again and stays
    await page.getByRole('combobox', { name: 'Assigned to' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Aaro Agentadmin' }).click();
    await page.keyboard.press('Escape');
    await settled(page);
    await expect(list(page).getByRole('listitem')).toHaveCount(4);
    await expect(calendar(page).locator('button[data-busy]')).toHaveCount(0);
    await page.getByLabel('Mark days with more than').fill('3');
    await page.getByLabel('Mark days with more than').blur();
    await expect(calendar(page).locator(`button[data-date="${day}"]`)).toHaveAttribute('data-busy', 'true');
    await page.reload();
    await settled(page);
    await expect(page.getByLabel('Mark days with more than')).toHaveValue('3');
    await expect(calendar(page).locator(`button[data-date="${day}"]`)).toHaveAttribute('data-busy', 'true');
    await expect(list(page).getByRole('listitem')).toHaveCount(4, { timeout: 30_000 });
    await page.getByLabel('Mark days with more than').fill('8');
    await page.getByLabel('Mark days with more than').blur();

    // the whole month again, on a phone
    await page.getByRole('button', { name: 'Show the whole month' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await expect(calendar(page).locator(`button[data-date="${day}"]`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/forecast-390.png' });
    await page.getByTestId('forecast-heatmap').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/forecast-390-heatmap.png' });
  });

  test('the forecast speaks Finnish and Swedish', async ({ page }) => {
    await page.goto('/workflows/forecast');
    try {
      await setUserLanguage(page, 'fi');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Työmääräennuste' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('button', { name: 'Seuraava kuukausi' })).toBeVisible();
      await settled(page);
      await page.screenshot({ path: 'test-results/forecast-fi.png' });
      await setUserLanguage(page, 'sv');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Arbetsbelastningsprognos' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('heading', { level: 2, name: 'Uppgifter som förfaller per dag' })).toBeVisible();
    } finally {
      await setUserLanguage(page, 'en');
    }
  });
});

test('customers have no forecast', async ({ page }) => {
  await devLogin(page, 'carl@acme.test');
  await expect(page).not.toHaveURL(/\/auth\/dev/);
  await page.goto('/workflows/forecast');
  await expect(page).toHaveURL(/\/inbox/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Workload forecast' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Forecast' })).toHaveCount(0);
});

test.describe('the calendar feed', () => {
  test.use({ storageState: storageStateOf('agent@portico.test') });

  test('an agent copies their calendar address from their profile, keeps it to their tasks, renews and stops it', async ({ page }) => {
    await page.goto('/my-profile');
    const card = page.locator('.ant-card').filter({ has: page.getByText('Calendar feed', { exact: true }) });
    await expect(card).toBeVisible({ timeout: 60_000 });
    // a feed left by an earlier run is stopped first, so the test starts from none
    const stop = card.getByRole('button', { name: 'Stop the feed' });
    const create = card.getByRole('button', { name: 'Create a calendar address' });
    await expect(stop.or(create)).toBeVisible();
    if (await stop.isVisible()) {
      await stop.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Stop the feed' }).click();
    }
    await create.click();
    const shown = card.getByTestId('calendar-feed-url');
    await expect(shown).toBeVisible();
    const first = (await shown.textContent()) ?? '';
    expect(first).toMatch(/\/calendar\/[\w-]{43}\.ics$/);
    const read = async (address: string) => page.request.get(new URL(address).pathname);
    let feed = await read(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    let text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('SUMMARY:Send the month-end report (Acme Oy)');
    expect(text).toContain('SUMMARY:Pay the salaries (Acme Oy)');
    await expectNoSeriousA11yViolations(page);
    await card.screenshot({ path: 'test-results/calendar-feed.png' });

    await card.getByRole('switch', { name: 'Only the tasks assigned to me' }).click();
    await expect(card.getByRole('switch', { name: 'Only the tasks assigned to me' })).toBeChecked();
    text = await (await read(first)).text();
    expect(text).toContain('SUMMARY:Send the month-end report (Acme Oy)');
    expect(text, 'Aaro Agentadmin has those').not.toContain('Pay the salaries');

    await card.getByRole('button', { name: 'Renew the address' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Renew the address' }).click();
    await expect(shown).not.toHaveText(first);
    const second = (await shown.textContent()) ?? '';
    expect((await read(first)).status()).toBe(404);
    expect((await read(second)).status()).toBe(200);

    await card.getByRole('button', { name: 'Stop the feed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stop the feed' }).click();
    await expect(create).toBeVisible();
    expect((await read(second)).status()).toBe(404);
  });
});
