import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, holdOperation, searchFiltersOf, searchFiltersQuery, storageStateOf } from './support';
import { companyId, graphql } from './threadSupport';

// Signed in once for the run (global-setup.ts): these tests start on their own page.
test.use({ storageState: storageStateOf('agent@portico.test') });

// The tasks table against the real server and its demo data. The bulk tests make their own
// tasks with a unique word in the title and narrow the table to them (the search filter in
// the address), so that they depend on no other test's writes.

const uniqueWord = (): string => `tt${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Starts a thread for Acme Oy (in Accounting) through the API: test set-up, not what the test is about. */
async function createTask(page: Page, title: string): Promise<void> {
  const data = await graphql<{ createTask: { errors: unknown[] } }>(
    page.request,
    'mutation ($c: ID!, $t: String!) { createTask(companyId: $c, categoryId: "1", title: $t) { errors { code } } }',
    { c: await companyId(page, 'Acme Oy'), t: title },
  );
  expect(data.createTask.errors).toEqual([]);
}

const table = (page: Page) => page.getByRole('table', { name: 'Tasks' });
const rows = (page: Page) => page.getByTestId('task-row');
const column = (page: Page, name: string) => table(page).getByRole('columnheader', { name, exact: true });

/** The server's answer to a tasks query with this orderBy. */
const askedFor = (page: Page, orderBy: string) =>
  page.waitForResponse(
    (r) => r.url().includes('/graphql') && (r.request().postData() ?? '').includes(`"orderBy":"${orderBy}"`),
  );

/** Two fresh tasks, and the table narrowed to them. */
async function openTwoTasks(page: Page): Promise<[string, string]> {
  const word = uniqueWord();
  const titles: [string, string] = [`Bulk ${word} one`, `Bulk ${word} two`];
  for (const title of titles) await createTask(page, title);
  await page.goto(`/tasks?all_companies=true&${searchFiltersQuery({ query: word })}`);
  await expect(rows(page)).toHaveCount(2);
  return titles;
}

async function selectRows(page: Page, titles: readonly string[]): Promise<void> {
  for (const title of titles) {
    await page.getByRole('checkbox', { name: `Select task ${title}` }).check();
  }
  await expect(page.getByText(`${titles.length} selected`)).toBeVisible();
}

async function choosePriority(page: Page, label: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Change priority' });
  await expect(dialog).toBeVisible();
  // The options are button-styled radios: their labels take the click.
  await dialog.locator('label.ant-radio-button-wrapper', { hasText: new RegExp(`^${label}$`) }).click();
  await expect(dialog.getByRole('radio', { name: label, checked: true })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 threads updated')).toBeVisible();
}

test.describe('the tasks table at 1440 px', () => {
  test('an agent sees the tasks with their columns, sorts by title and opens a task beside the list', async ({
    page,
  }) => {
    await page.goto('/tasks');
    // Without a company the table shows all companies.
    await expect(page).toHaveURL(/\/tasks\?all_companies=true$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    for (const name of ['Title', 'Workflow', 'Company', 'Priority', 'Due date', 'Last update', 'Assigned to', 'Task state']) {
      await expect(column(page, name)).toBeVisible();
    }
    await expect(rows(page).first()).toBeVisible();
    expect(await rows(page).count()).toBeGreaterThan(1);

    // At this width the toggles show; the search box and the assignee switcher do not.
    await expect(page.getByRole('group', { name: 'Show only tasks with' })).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveCount(0);

    // Sort by title: the server is asked for it and the rows follow.
    const sorted = askedFor(page, 'title asc');
    await column(page, 'Title').getByRole('button').click();
    await sorted;
    await expect(column(page, 'Title')).toHaveAttribute('aria-sort', 'ascending');
    // The sort is kept in the address.
    await expect(page).toHaveURL(/\/tasks\?all_companies=true&order_by=title\+asc$/);
    await expect(rows(page).first()).toBeVisible();
    const titles = await rows(page).locator('.portico-task-title').allTextContents();
    const initials = titles.map((t) => t.trim().charAt(0).toLowerCase()).filter((c) => /[a-z]/.test(c));
    expect(initials).toEqual([...initials].sort());

    await expectNoSeriousA11yViolations(page);

    // A reload keeps the sort: the server is asked for it again.
    const resorted = askedFor(page, 'title asc');
    await page.reload();
    await resorted;
    await expect(column(page, 'Title')).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows(page).first().locator('.portico-task-title')).toHaveText(titles[0] ?? '');

    // Open a task: its thread shows beside the table, and the sort stays.
    const first = titles[0] ?? '';
    await rows(page).first().locator('.portico-task-title').click();
    await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}\?all_companies=true&order_by=title\+asc$/);
    const pane = page.getByTestId('thread-pane');
    await expect(pane).toBeVisible();
    await expect(pane.getByRole('heading', { level: 2 })).toHaveText(first);
    await expect(table(page)).toBeVisible();
    await expect(column(page, 'Title')).toHaveAttribute('aria-sort', 'ascending');
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);

    // Workflow tasks only (sender: nobody): the demo workflow's tasks name their workflow.
    await page.goto(`/tasks?all_companies=true&${searchFiltersQuery({ senderIds: ['nobody'] })}`);
    // (other specs may have run workflows of their own: pick the demo workflow's row by its workflow column)
    const demoTask = rows(page).filter({ hasText: 'Month-end closing' }).first();
    await expect(demoTask).toBeVisible();
    // No person started them: the thread and the inbox card both name the workflow.
    await demoTask.locator('.portico-task-title').click();
    await expect(page.getByTestId('thread-pane')).toContainText('Month-end closing started the thread');
    await page.goto(`/inbox?all_companies=true&${searchFiltersQuery({ senderIds: ['nobody'] })}`);
    await expect(page.getByTestId('thread-row').filter({ hasText: 'From: Month-end closing' }).first()).toBeVisible();
  });

  test('the filters survive a reload and a new tab, and travel in the link', async ({ page, browser }) => {
    await page.goto('/tasks?all_companies=true');
    const urgent = page.getByRole('group', { name: 'Show only tasks with' }).getByRole('button', { name: 'Urgent' });
    await urgent.click();
    await expect(urgent).toHaveAttribute('aria-pressed', 'true');
    expect(searchFiltersOf(page)).toEqual({ flags: ['urgent'] });
    const link = page.url();

    // Back at the table without them in the address (the sidebar's link): this tab's filters come back.
    await page.goto('/tasks?all_companies=true');
    await expect(urgent).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/[?&]search_filters=/);
    // A new tab starts with them too (local storage).
    const tab = await page.context().newPage();
    await tab.goto('/tasks?all_companies=true');
    await expect(tab.getByRole('group', { name: 'Show only tasks with' }).getByRole('button', { name: 'Urgent' })).toHaveAttribute('aria-pressed', 'true');
    await tab.close();

    // The link carries them to another browser; a malformed one shows the table unfiltered.
    const other = await browser.newContext({ storageState: storageStateOf('agent@portico.test') });
    const elsewhere = await other.newPage();
    await elsewhere.goto(link);
    await expect(elsewhere.getByRole('group', { name: 'Show only tasks with' }).getByRole('button', { name: 'Urgent' })).toHaveAttribute('aria-pressed', 'true');
    await elsewhere.goto('/tasks?all_companies=true&search_filters=%7Bnot%20json');
    await expect(table(elsewhere)).toBeVisible();
    await expect(elsewhere.getByRole('group', { name: 'Show only tasks with' }).getByRole('button', { name: 'Urgent' })).toHaveAttribute('aria-pressed', 'false');
    await other.close();

    await urgent.click();
    await expect(page).not.toHaveURL(/search_filters=/);
  });

  test('the table shows 10 skeleton rows while it loads, then striped rows (screenshots at 1440 and 390)', async ({ page }, testInfo) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      // The table's first answer waits until the skeleton has been seen.
      const release = await holdOperation(page, 'TasksTable');
      await page.goto('/tasks?all_companies=true');
      const busy = page.locator('[role="table"][aria-busy="true"]');
      await expect(busy).toBeVisible();
      await expect(busy.locator('[role="row"][aria-hidden="true"]')).toHaveCount(10);
      await page.screenshot({ path: testInfo.outputPath(`tasks-skeleton-${width}.png`) });
      release();
      await expect(rows(page).nth(1)).toBeVisible();
      await expect(busy).toHaveCount(0);
      await page.unrouteAll({ behavior: 'wait' });
      await page.mouse.move(0, 0);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`tasks-striped-${width}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });

  // Issue 17 item 2: the spec's columns fit the pane; sideways the selection and title stay.
  test('the columns fit the pane, and the title stays in view when the table scrolls sideways', async ({ page }) => {
    await page.goto('/tasks?all_companies=true');
    await expect(rows(page).first()).toBeVisible();
    const scroller = page.getByTestId('tasks-table');
    /** The visible part of the table's scroll area: its box less the scroll bar. */
    const visibleArea = () =>
      scroller.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return { left: box.left, right: box.left + el.clientWidth };
      });
    const state = await column(page, 'Task state').boundingBox();
    const area = await visibleArea();
    expect(state, 'the state header has a box').not.toBeNull();
    expect(state?.x ?? Infinity).toBeGreaterThanOrEqual(area.left);
    expect((state?.x ?? 0) + (state?.width ?? Infinity), 'the state header ends inside the pane').toBeLessThanOrEqual(area.right);

    // With a task open beside it the table is narrower than its columns: scroll it to the end.
    const first = rows(page).first();
    const title = (await first.locator('.portico-task-title').textContent()) ?? '';
    await first.locator('.portico-task-title').click();
    await expect(page.getByTestId('thread-pane').getByRole('heading', { level: 2 })).toHaveText(title);
    await expect.poll(() => scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(0);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(column(page, 'Task state')).toBeInViewport();

    const titleButton = rows(page).first().locator('.portico-task-title');
    await expect(titleButton).toBeInViewport();
    const titleBox = await titleButton.boundingBox();
    const after = await visibleArea();
    expect(titleBox, 'the title has a box').not.toBeNull();
    expect(titleBox?.x ?? -Infinity, 'the title has not scrolled away').toBeGreaterThanOrEqual(after.left);
    await expect(rows(page).first().getByRole('checkbox')).toBeInViewport();
  });

  test('two selected tasks get a new priority through the Actions menu', async ({ page }) => {
    const titles = await openTwoTasks(page);
    await selectRows(page, titles);
    // Not wide enough for inline buttons: the changes sit under Actions; read and unread stay buttons.
    await expect(page.getByRole('button', { name: 'Change priority' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
    await page.getByRole('button', { name: /Actions/ }).click();
    await page.getByRole('menuitem', { name: 'Change priority' }).click();
    await choosePriority(page, 'High priority');
    for (const title of titles) {
      const row = rows(page).filter({ has: page.getByRole('button', { name: title, exact: true }) });
      await expect(row.getByText('High', { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Select threads to act on them')).toBeVisible();
  });
});

test.describe('the tasks table at 1920 px', () => {
  test.use({ viewport: { width: 1920, height: 1000 } });

  test('the bulk changes are inline buttons and the search box shows', async ({ page }) => {
    const titles = await openTwoTasks(page);
    await expect(page.getByRole('searchbox', { name: 'Search threads' })).toHaveValue(/^tt/);
    // Sorting is off while searching.
    await expect(column(page, 'Title').getByRole('button')).toHaveCount(0);
    await selectRows(page, titles);
    await expect(page.getByRole('button', { name: /Actions/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Change priority' }).click();
    await choosePriority(page, 'Low priority');
    for (const title of titles) {
      const row = rows(page).filter({ has: page.getByRole('button', { name: title, exact: true }) });
      await expect(row.getByText('Low', { exact: true })).toBeVisible();
    }
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
  });
});
