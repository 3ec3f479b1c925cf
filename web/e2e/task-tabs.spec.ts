import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, searchFiltersQuery, storageStateOf } from './support';
import { companyId, graphql, uniqueTitle } from './threadSupport';

// Signed in once for the run (global-setup.ts): these tests start on their own page.
test.use({ storageState: storageStateOf('agent@portico.test') });

// The task header's tabs (spec 001 §2 Thread pane states) on a desktop, against the demo
// data: `portico dev` starts the demo workflow ("Month-end closing") for Acme Oy, whose
// first task is "Collect purchase invoices". Workflow tasks have no sender, so the sender
// filter "nobody" lists them.

const WORKFLOW_TASK = 'Collect purchase invoices';
const WORKFLOW_DESCRIPTION = 'Send every purchase invoice of the month.';

/** The page at an address once a row with the text shows (the workflow's first task is made in the background). */
async function gotoRow(page: Page, url: string, rows: Locator, text: string): Promise<Locator> {
  const row = rows.filter({ hasText: text }).first();
  await expect(async () => {
    await page.goto(url);
    await expect(row).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  return row;
}

/** Checks the tabs of an open task and walks through them: the messages show first. */
async function walkTabs(pane: Locator, tabs: readonly string[]): Promise<void> {
  await expect(pane.getByRole('tab')).toHaveText([...tabs]);
  await expect(pane.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  await expect(pane.getByTestId('thread-messages')).toBeVisible();
  await expect(pane.getByTestId('thread-composer')).toBeVisible();

  if (tabs.includes('Description')) {
    await pane.getByRole('tab', { name: 'Description' }).click();
    await expect(pane.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    await expect(pane.getByTestId('task-description')).toBeVisible();
    await expect(pane.getByTestId('thread-composer')).toBeHidden();
  }

  await pane.getByRole('tab', { name: 'Attachments' }).click();
  await expect(pane.getByRole('tab', { name: 'Attachments' })).toHaveAttribute('aria-selected', 'true');
  const attachments = pane.getByTestId('thread-attachments');
  await expect(attachments).toBeVisible();
  await expect(attachments.getByText('No attachments yet')).toBeVisible();
  // The task header has no attachments toggle: the tab is the way to them.
  await expect(pane.getByRole('button', { name: 'Attachments', exact: true })).toHaveCount(0);

  await pane.getByRole('tab', { name: 'Messages' }).click();
  await expect(pane.getByTestId('thread-composer')).toBeVisible();
}

test.describe('the task header tabs on a desktop', () => {
  test('a workflow task opened from the tasks table has messages, description and attachments', async ({ page }) => {
    const row = await gotoRow(page, `/tasks?all_companies=true&${searchFiltersQuery({ senderIds: ['nobody'] })}`, page.getByTestId('task-row'), WORKFLOW_TASK);
    await row.locator('.portico-task-title').click();
    const pane = page.getByTestId('thread-pane');
    await expect(pane.getByRole('heading', { level: 2 })).toHaveText(WORKFLOW_TASK);

    await walkTabs(pane, ['Messages', 'Description', 'Attachments']);
    await pane.getByRole('tab', { name: 'Description' }).click();
    await expect(pane.getByTestId('task-description')).toHaveText(WORKFLOW_DESCRIPTION);
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a workflow task opened in the inbox has the same tabs', async ({ page }) => {
    const acme = await companyId(page, 'Acme Oy');
    const row = await gotoRow(page, `/${acme}/inbox?${searchFiltersQuery({ senderIds: ['nobody'] })}`, page.getByTestId('thread-row'), WORKFLOW_TASK);
    await row.click();
    const pane = page.getByTestId('thread-pane');
    await expect(pane.getByRole('heading', { level: 2 })).toHaveText(WORKFLOW_TASK);
    await walkTabs(pane, ['Messages', 'Description', 'Attachments']);
  });

  test('a plain thread opened from the tasks table has messages and attachments, no description', async ({ page }) => {
    const title = uniqueTitle('Tabs');
    const data = await graphql<{ createTask: { errors: unknown[] } }>(
      page.request,
      'mutation ($c: ID!, $t: String!) { createTask(companyId: $c, categoryId: "1", title: $t, description: "<p>Plain.</p>") { errors { code } } }',
      { c: await companyId(page, 'Acme Oy'), t: title },
    );
    expect(data.createTask.errors).toEqual([]);
    const word = title.split(' ')[1] ?? title;
    await page.goto(`/tasks?all_companies=true&${searchFiltersQuery({ query: word })}`);
    const row = page.getByTestId('task-row').filter({ hasText: title });
    await row.locator('.portico-task-title').click();
    const pane = page.getByTestId('thread-pane');
    await expect(pane.getByRole('heading', { level: 2 })).toHaveText(title);
    await walkTabs(pane, ['Messages', 'Attachments']);
  });
});
