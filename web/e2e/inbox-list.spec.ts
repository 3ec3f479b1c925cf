import { expect, test, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, searchFiltersOf } from './support';

// The inbox list against the real server and its demo data. Each test makes its own
// threads with unique titles, so that the tests do not depend on each other's writes.

const unique = (label: string): string => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

interface InitCompany {
  readonly uuid: string;
  readonly name: string;
  readonly categories: readonly { readonly id: string; readonly name: string }[];
}

async function acme(page: Page): Promise<InitCompany> {
  const response = await page.request.get('/api/init.json');
  expect(response.ok()).toBe(true);
  const init = (await response.json()) as { companies: InitCompany[] };
  const company = init.companies.find((c) => c.name === 'Acme Oy');
  if (!company) throw new Error('Acme Oy is not in the demo data');
  return company;
}

/** Starts a thread through the API (test set-up, not what the test is about). */
async function createThread(page: Page, company: InitCompany, title: string): Promise<string> {
  const category = company.categories.find((c) => c.name === 'Accounting');
  if (!category) throw new Error('Acme Oy has no Accounting category');
  const response = await page.request.post('/graphql/', {
    headers: { 'Content-Type': 'application/json' },
    data: {
      query:
        'mutation($c: ID!, $k: ID!, $t: String!) { createTask(companyId: $c, categoryId: $k, title: $t) { task { uuid } errors { code message } } }',
      variables: { c: company.uuid, k: category.id, t: title },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: { createTask: { task: { uuid: string } | null; errors: unknown[] } } };
  expect(body.data.createTask.errors).toEqual([]);
  return body.data.createTask.task?.uuid ?? '';
}

async function openAcmeInbox(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.locator('.ant-select-item-option[title="Acme Oy"]').click();
  await expect(page).toHaveURL(/\/[^/]+\/inbox$/);
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
}

async function folderCount(page: Page, folder: string): Promise<number> {
  const badge = page.getByTestId(`folder-count-${folder}`);
  await expect(badge).toBeVisible();
  const title = (await badge.getAttribute('title')) ?? '';
  return Number(/\d+/.exec(title)?.[0] ?? 'NaN');
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search threads' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByTestId('folder-search')).toHaveAttribute('aria-current', 'true');
}

test.describe('the inbox list', () => {
  test('an agent starts a thread for Acme Oy and sees it in the list with the counters raised', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'agent@portico.test');
    await expect(page).toHaveURL(/\/inbox\?all_companies=true$/);
    await openAcmeInbox(page);

    const inboxBefore = await folderCount(page, 'inbox');
    const newBefore = await folderCount(page, 'new');

    const title = unique('Quarterly VAT question');
    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await dialog.getByLabel('Category').click();
    await page.locator('.ant-select-item-option[title="Accounting"]').click();
    await dialog.getByLabel('Subject').fill(title);
    await dialog.getByLabel('Message').fill('Could you check the VAT return before Friday?');
    // What was typed is kept as a draft when the form is closed and when the page reloads (decision 0150).
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await page.getByRole('button', { name: 'New message' }).click();
    await expect(dialog.getByLabel('Subject')).toHaveValue(title);
    await expect(dialog.getByLabel('Message')).toHaveValue('Could you check the VAT return before Friday?');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled();
    await page.screenshot({ path: test.info().outputPath('new-thread-draft-1440.png') });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden();

    // The new thread opens and heads the list.
    await expect(page).toHaveURL(/\/[^/]+\/inbox\/[0-9a-f-]{36}/);
    const row = page.getByTestId('thread-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Not started');
    await expect(page.getByRole('region', { name: `Thread: ${title}` })).toBeVisible();
    await expect.poll(() => folderCount(page, 'inbox')).toBe(inboxBefore + 1);
    await expect.poll(() => folderCount(page, 'new')).toBe(newBefore + 1);
    // sent, the draft is gone
    await page.getByRole('button', { name: 'New message' }).click();
    await expect(dialog.getByLabel('Subject')).toHaveValue('');
    await context.close();
  });

  test('a bulk status change that one thread does not allow names the failure and reports the success', async ({
    browser,
  }) => {
    // Two rounds of selecting, a modal and the server's answer: a long story on a busy machine.
    test.slow();
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'agent@portico.test');
    await expect(page).toHaveURL(/\/inbox/);
    const company = await acme(page);
    const tag = unique('Bulk e2e');
    await createThread(page, company, `${tag} open`);
    await createThread(page, company, `${tag} done`);
    await openAcmeInbox(page);

    // Complete one of the two threads first.
    await search(page, tag);
    const rows = page.getByTestId('thread-row');
    await expect(rows).toHaveCount(2);
    await page.getByRole('checkbox', { name: `Select thread ${tag} done` }).check();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Change status' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change status' });
    await dialog.getByLabel('Status').click();
    await page.locator('.ant-select-item-option[title="Completed"]').click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('1 thread updated')).toBeVisible();
    await expect(rows.filter({ hasText: `${tag} done` })).toContainText('Completed');

    // Back to Not started for both: a completed thread cannot go back, the open one can.
    await page
      .getByRole('alert')
      .filter({ hasText: '1 thread updated' })
      .getByRole('button', { name: 'Close' })
      .click();
    await page.getByRole('checkbox', { name: 'Select all visible threads' }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Change status' }).click();
    dialog = page.getByRole('dialog', { name: 'Change status' });
    await dialog.getByLabel('Status').click();
    await page.locator('.ant-select-item-option[title="Not started"]').click();
    await dialog.getByRole('button', { name: 'Apply' }).click();

    await expect(page.getByText('Some threads were not changed')).toBeVisible();
    await expect(page.getByText('1 thread could not be changed')).toBeVisible();
    await expect(page.getByText('1 thread updated')).toBeVisible();
    await expect(rows.filter({ hasText: `${tag} done` })).toContainText('Completed');
    await expect(rows.filter({ hasText: `${tag} open` })).toContainText('Not started');
    await context.close();
  });

  test('an agent filters the inbox by status and resets the filter', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'agent@portico.test');
    await openAcmeInbox(page);

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('checkbox', { name: 'In progress' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();

    await expect(page).toHaveURL(/[?&]search_filters=/);
    expect(searchFiltersOf(page)).toEqual({ statuses: ['in_progress'] });
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
    const rows = page.getByTestId('thread-row');
    await expect(rows.first()).toBeVisible();
    const statuses = await rows.locator('.ant-tag').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['In progress']));

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: 'Reset all' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).not.toHaveURL(/search_filters=/);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await context.close();
  });

  test('the inbox page has no serious accessibility violations, for an agent and a customer', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'agent@portico.test');
    await openAcmeInbox(page);
    await expectNoSeriousA11yViolations(page);
    await context.close();

    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await devLogin(customer, 'anna@acme.test');
    await expect(customer.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(customer.getByRole('radiogroup', { name: 'Show threads' })).toContainText('To do');
    await expect(customer.getByRole('radiogroup', { name: 'Show threads' })).not.toContainText('Assigned to me');
    await expect(customer.getByTestId('folder-bin')).toHaveCount(0);
    await expect(customer.getByTestId('thread-row').first()).toBeVisible();
    await expectNoSeriousA11yViolations(customer);
    await customerContext.close();
  });
});
