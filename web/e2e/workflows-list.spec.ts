import { expect, test } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, holdOperation } from './support';

// Demo data (demo/workflow.go): the published workflow "Month-end closing" (fi and se, tags
// #accounting and #monthly) is assigned to Acme Oy (fi). The test leaves it as it found it.
const DEMO = 'Month-end closing';

test.describe('workflows list and workflow companies', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the list shows 10 skeleton rows while it loads, then small striped rows (screenshots at 1440 and 390)', async ({ browser }, testInfo) => {
    const page = await (await browser.newContext()).newPage();
    await devLogin(page, 'admin@portico.test');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      // The table's first answer waits until the skeleton has been seen.
      const release = await holdOperation(page, 'Workflows');
      await page.goto('/workflows');
      const skeletonRows = page.locator('.ant-table-small tbody tr.ant-table-row').filter({ has: page.locator('.portico-skeleton-bar') });
      await expect(skeletonRows).toHaveCount(10);
      await page.screenshot({ path: testInfo.outputPath(`workflows-skeleton-${width}.png`) });
      release();
      const table = page.getByRole('table', { name: 'Global workflows' });
      await expect(table.getByRole('row').filter({ hasText: DEMO })).toBeVisible();
      await page.unrouteAll({ behavior: 'wait' });
      await expect(skeletonRows).toHaveCount(0);
      await expect(table.locator('tbody tr.portico-row-striped').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`workflows-striped-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });

  test('the admin filters the list, cannot delete an assigned workflow, and adds it to a company and removes it again', async ({
    browser,
  }) => {
    const page = await (await browser.newContext()).newPage();
    await devLogin(page, 'admin@portico.test');
    await page.goto('/workflows');

    const table = page.getByRole('table', { name: 'Global workflows' });
    const demoRow = table.getByRole('row').filter({ hasText: DEMO });
    await expect(demoRow).toContainText('#monthly');
    await expectNoSeriousA11yViolations(page);

    // A tag filter keeps the demo workflow and lives in the address; a search for nothing offers a way back.
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await page.locator('.ant-select-item-option[title="#monthly"]').click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/table_workflows_global_workflows=.*monthly/);
    await expect(demoRow).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search workflows' }).fill('no workflow is called this');
    await expect(page.getByText('Nothing matches these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/table_workflows/);
    await expect(demoRow).toBeVisible();

    // The drafts tab keeps its own list.
    await page.getByRole('tab', { name: 'Drafts' }).click();
    await expect(page).toHaveURL(/tab=drafts/);
    await expect(page.getByRole('table', { name: 'Drafts' }).getByText(DEMO)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Global workflows' }).click();

    // Deleting an assigned workflow is refused with the reason, and the row stays.
    await demoRow.getByRole('button', { name: `Delete ${DEMO}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The workflow is assigned to companies. Remove it from every company before deleting it')).toBeVisible();
    await expect(demoRow).toBeVisible();

    // Its companies page. Acme Oy keeps it while the demo run (portico dev starts one) is open;
    // Borealis AB (se, a country the workflow has) gets it and loses it again.
    await demoRow.getByRole('link', { name: `Companies of ${DEMO}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Companies of ${DEMO}` })).toBeVisible();
    const companies = page.getByRole('table', { name: 'Companies' });
    const acme = companies.getByRole('row').filter({ hasText: 'Acme Oy' });
    await expect(acme).toContainText('Assigned · Finland');
    await expectNoSeriousA11yViolations(page);

    await acme.getByRole('button', { name: 'Remove the workflow from Acme Oy' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('The workflow could not be removed from the company')).toBeVisible();
    await expect(acme).toContainText('Assigned · Finland');

    await page.getByRole('searchbox', { name: 'Search companies' }).fill('Borealis');
    await expect(page).toHaveURL(/table_workflow_companies=.*Borealis/);
    const borealis = companies.getByRole('row').filter({ hasText: 'Borealis AB' });
    await expect(acme).toHaveCount(0);
    await expect(borealis).toContainText('Not assigned');
    await borealis.getByRole('button', { name: 'Add the workflow to Borealis AB' }).click();
    await expect(borealis).toContainText('Assigned · Sweden');
    await borealis.getByRole('button', { name: 'Remove the workflow from Borealis AB' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(borealis).toContainText('Not assigned');
  });
});
