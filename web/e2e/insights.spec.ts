import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, setUserLanguage, storageStateOf } from './support';

// Demo data (demo/history.go): the run history of the last months. "Month-end closing" ran each
// month in Acme Oy (one run cancelled, one approval rejected) and, until four months ago, in
// Borealis AB; its bank reconciliation is the slow step and often late. "Month-end reporting"
// ran for three months, "Monthly salaries" twice (last month's run failed).

const DEMO = 'Month-end closing';
const HOTTEST = '#f5222d'; // the heat scale's last stop (utils/heat.ts)

/** Waits for the figures (no skeleton, no spinner). */
async function settled(page: Page) {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 60_000 });
}

const figure = (page: Page, key: string) => page.getByTestId(`kpi-${key}`);

/** The cells of a table's row as text. */
async function cells(row: Locator): Promise<string[]> {
  return (await row.locator('td').allInnerTexts()).map((c) => c.trim());
}

/** Downloads a table's CSV and reads it (without the byte-order mark) as rows of cells. */
async function downloadCsv(page: Page, button: Locator): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^run-analytics-.*\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF'), 'a byte-order mark for spreadsheets').toBe(true);
  return parseCsv(text.slice(1));
}

/** RFC 4180: quoted cells may hold commas and doubled quotes; lines end in CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

test.describe('run analytics', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ storageState: storageStateOf('admin@portico.test') });

  test('the admin compares every workflow and exports the table as shown', async ({ page }) => {
    await page.goto('/workflows');
    await page.getByRole('navigation', { name: 'Admin panel navigation' }).getByRole('link', { name: 'Run analytics' }).click();
    await expect(page).toHaveURL(/\/workflows\/insights$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Run analytics' })).toBeVisible({ timeout: 60_000 });
    await settled(page);

    // the last 6 months by month: Month-end closing, reporting and salaries, one failed run
    await expect(page.getByRole('heading', { level: 2, name: 'Runs per month' })).toBeVisible();
    await expect(figure(page, 'failed')).toHaveText('1');
    const started = Number(await figure(page, 'started').innerText());
    expect(started).toBeGreaterThanOrEqual(10);
    const table = page.getByTestId('insights-rows');
    for (const name of [DEMO, 'Month-end reporting', 'Monthly salaries']) {
      await expect(table.getByRole('link', { name: `Run analytics of ${name}` })).toBeVisible();
    }
    await expect(page.getByTestId('late-by-company').getByRole('row', { name: /Acme Oy/ })).toBeVisible();
    await expect(page.getByTestId('insights-chart').locator('canvas').first()).toBeVisible();

    // the CSV holds the table's numbers
    const demoRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: `Run analytics of ${DEMO}` }) });
    const shown = await cells(demoRow);
    const csv = await downloadCsv(page, page.getByRole('button', { name: 'Export Per workflow and version as CSV' }));
    expect(csv[0]).toEqual([
      'Workflow',
      'Version',
      'Started',
      'Completed',
      'Failed',
      'Cancelled',
      'Cycle time, median (days)',
      'Cycle time, 90th percentile (days)',
      'Tasks closed',
      'Closed late',
    ]);
    expect(csv.find((r) => r[0] === DEMO)).toEqual(shown);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/insights-all-1440.png', fullPage: true });

    // by keyboard: a shorter period, then into one workflow
    const period = page.getByRole('combobox', { name: 'Period' });
    await period.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(period).toHaveAccessibleName('Period');
    await expect(page).toHaveURL(/table_workflow_insights=.*3m/);
    await settled(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Runs per week' })).toBeVisible();
    const link = table.getByRole('link', { name: `Run analytics of ${DEMO}` });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}\/insights\?table_workflow_insights=/);
    await expect(page.getByRole('heading', { level: 1, name: `Run analytics: ${DEMO}` })).toBeVisible();
  });

  test("the admin finds a workflow's slow step on its canvas and its late tasks", async ({ page }) => {
    await page.goto('/workflows');
    await page.getByRole('link', { name: `Run analytics of ${DEMO}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Run analytics: ${DEMO}` })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Last 12 months' }).click();
    await settled(page);

    // the canvas: every step that completed has its heat; the bank reconciliation is the slowest
    const canvas = page.getByTestId('workflow-canvas');
    await expect(canvas.getByTestId('workflow-node-bank')).toHaveAttribute('data-heat', HOTTEST, { timeout: 60_000 });
    await expect(canvas.getByTestId('workflow-node-bank')).toContainText(/median \d/);
    await expect(canvas.getByTestId('workflow-node-invoices')).toHaveAttribute('data-heat', /^#/);
    await expect(canvas.getByTestId('workflow-node-invoices')).not.toHaveAttribute('data-heat', HOTTEST);
    await expect(page.getByTestId('heat-legend')).toContainText('Slower');

    // both companies closed tasks late; the steps table and its CSV agree
    const byCompany = page.getByTestId('late-by-company');
    await expect(byCompany.getByRole('row', { name: /Acme Oy/ })).toBeVisible();
    await expect(byCompany.getByRole('row', { name: /Borealis AB/ })).toBeVisible();
    await expect(page.getByTestId('late-by-step').getByRole('row', { name: /Reconcile bank accounts/ })).toBeVisible();
    const steps = page.getByTestId('insights-steps');
    const bank = await cells(steps.getByRole('row', { name: /Reconcile bank accounts/ }));
    const csv = await downloadCsv(page, page.getByRole('button', { name: 'Export Steps as CSV' }));
    expect(csv[0]).toEqual(['Step', 'Completed', 'Median (days)', '90th percentile (days)', 'Tasks closed late']);
    expect(csv.find((r) => r[0] === 'Reconcile bank accounts')).toEqual(bank);
    await expect(page.getByRole('combobox', { name: 'Version' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/insights-workflow-1440.png', fullPage: true });

    // a window over 24 months is the catalogue's refusal, in words
    const id = /\/workflows\/([^/]+)\/insights/.exec(page.url())?.[1] ?? '';
    await page.goto(`/workflows/${id}/insights?table_workflow_insights=${encodeURIComponent('{"period":"custom","from":"2023-01-01","to":"2026-06-30"}')}`);
    await expect(page.getByTestId('insights-error')).toContainText('Run analytics cover at most 24 months: choose a shorter period', {
      timeout: 60_000,
    });

    // on a phone: no sideways scroll, the canvas and the tables below each other
    await page.goto(`/workflows/${id}/insights`);
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await expect(page.getByTestId('kpi-started')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/insights-workflow-390.png' });
    await page.getByTestId('workflow-canvas').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/insights-workflow-390-canvas.png' });
  });

  test('run analytics speak Finnish and Swedish', async ({ page }) => {
    await page.goto('/workflows/insights');
    try {
      await setUserLanguage(page, 'fi');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Ajojen analytiikka' })).toBeVisible({ timeout: 60_000 });
      await settled(page);
      await expect(page.getByRole('heading', { level: 2, name: 'Ajot kuukausittain' })).toBeVisible();
      await expect(page.getByText('Alkaneet ajot')).toBeVisible();
      await page.screenshot({ path: 'test-results/insights-fi.png' });
      await setUserLanguage(page, 'sv');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Körningsanalys' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('heading', { level: 2, name: 'Uppgifter stängda för sent per företag' })).toBeVisible();
      await expect(page.getByText('Startade körningar')).toBeVisible();
    } finally {
      await setUserLanguage(page, 'en');
    }
  });
});

test('run analytics are for the admin panel only', async ({ page }) => {
  await devLogin(page, 'agentadmin@portico.test');
  await expect(page).not.toHaveURL(/\/auth\/dev/);
  await page.goto('/workflows/insights');
  await expect(page).not.toHaveURL(/\/workflows\/insights/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Run analytics' })).toHaveCount(0);
});
