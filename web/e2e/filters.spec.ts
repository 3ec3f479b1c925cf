import { expect, test, type Page, type Response } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, searchFiltersOf } from './support';

// The inbox filters against the real server and its demo data: the workflow filter narrows
// the list to what the server answers for that workflow, and the phone's full-screen
// filters keep nothing that was cancelled.

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

interface ListAnswer {
  readonly workflowIds: readonly string[] | null;
  readonly totalCount: number;
  readonly rows: number;
}

/** The next answer of the inbox list query, with the workflow filter it was asked with. */
async function listAnswer(response: Response): Promise<ListAnswer> {
  const asked = response.request().postDataJSON() as { variables?: { filters?: { workflowIds?: string[] } } };
  const body = (await response.json()) as { data: { inboxTasks: { totalCount: number; collection: unknown[] } } };
  return {
    workflowIds: asked.variables?.filters?.workflowIds ?? null,
    totalCount: body.data.inboxTasks.totalCount,
    rows: body.data.inboxTasks.collection.length,
  };
}

const isList = (response: Response): boolean =>
  response.url().includes('/graphql') &&
  (response.request().postDataJSON() as { operationName?: string } | null)?.operationName === 'InboxThreads';

async function openAcmeInbox(page: Page): Promise<ListAnswer> {
  await page.getByRole('combobox', { name: 'Company' }).click();
  const answered = page.waitForResponse(isList);
  await page.locator('.ant-select-item-option[title="Acme Oy"]').click();
  await expect(page).toHaveURL(/\/[^/]+\/inbox$/);
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  return listAnswer(await answered);
}

test.describe('the inbox filters', () => {
  test('an agent picks a workflow and sees the list narrowed to its threads', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'agent@portico.test');
    await expect(page).toHaveURL(/\/inbox\?all_companies=true$/);
    const before = await openAcmeInbox(page);
    expect(before.workflowIds).toBeNull();

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const popover = page.locator('.ant-popover').filter({ hasText: 'Filter threads' });
    await expect(popover).toBeVisible();
    await popover.getByLabel('Workflow').click();
    const option = page.locator('.ant-select-item-option[title="Month-end closing"]');
    await expect(option).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await option.click();

    const answered = page.waitForResponse((r) => isList(r) && r.request().postData()?.includes('workflowIds') === true);
    await popover.getByRole('button', { name: 'Apply' }).click();
    const after = await listAnswer(await answered);
    expect(after.workflowIds).toHaveLength(1);
    await expect(page).toHaveURL(/[?&]search_filters=/);
    expect(searchFiltersOf(page)).toEqual({ workflowIds: after.workflowIds });
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();

    // Narrowed: the demo's hand-written threads belong to no workflow.
    expect(after.totalCount).toBeLessThan(before.totalCount);
    if (after.totalCount === 0) await expect(page.getByText('No threads here')).toBeVisible();
    else await expect(page.getByTestId('thread-row')).toHaveCount(after.rows);
    await expectNoSeriousA11yViolations(page);

    // A reload keeps the filter (the address holds it), with the workflow's name.
    await page.reload();
    await page.getByRole('button', { name: 'Filters, 1 active' }).click();
    await expect(popover.locator('.ant-select-selection-item[title="Month-end closing"]')).toBeVisible();
    await context.close();
  });

  test('the filters survive a reload and travel in the link; selecting a company resets them', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'agent@portico.test');
    await openAcmeInbox(page);
    const inbox = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const popover = page.locator('.ant-popover').filter({ hasText: 'Filter threads' });
    await popover.getByRole('checkbox', { name: 'Urgent' }).check();
    await popover.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
    expect(searchFiltersOf(page)).toEqual({ flags: ['urgent'] });
    const link = page.url();

    // The inbox's address without them (the sidebar's link) brings this tab's filters back.
    await page.goto(inbox);
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
    expect(searchFiltersOf(page)).toEqual({ flags: ['urgent'] });

    // Another browser opening the link sees the same filters.
    const other = await browser.newContext();
    const elsewhere = await other.newPage();
    await devLogin(elsewhere, 'agent@portico.test');
    await elsewhere.goto(link);
    await expect(elsewhere.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
    await other.close();

    // Selecting a company resets them, and a reload does not bring them back.
    await page.getByRole('combobox', { name: 'Company' }).click();
    await page.locator('.ant-select-item-option[title="Borealis AB"]').click();
    await expect(page).toHaveURL(/\/[^/]+\/inbox$/);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    expect(searchFiltersOf(page)).toEqual({});
    await context.close();
  });

  test('on a phone the filters open full screen; Cancel keeps nothing, Apply applies', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: IPHONE_UA,
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    await context.addInitScript(() => window.localStorage.setItem('platform_selected', 'mobile'));
    const page = await context.newPage();
    await devLogin(page, 'anna@acme.test');
    await expect(page).toHaveURL(/\/inbox/);
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'mobile');

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter threads' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(380);
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('checkbox', { name: 'Urgent' }).check();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(searchFiltersOf(page)).toEqual({});

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Urgent' })).not.toBeChecked();
    await dialog.getByRole('checkbox', { name: 'Urgent' }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/[?&]search_filters=/);
    expect(searchFiltersOf(page)).toEqual({ flags: ['urgent'] });

    await page.getByRole('button', { name: 'Filters, 1 active' }).click();
    await dialog.getByRole('button', { name: 'Reset all' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Urgent' })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page).not.toHaveURL(/search_filters=/);
    await context.close();
  });
});
