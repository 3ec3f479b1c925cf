import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { devLogin } from './support';
import { graphql, openThread, startThreadAs, uniqueTitle } from './threadSupport';

/** The GraphQL requests the page makes from now on whose body holds what (the start of each). */
function graphqlRequests(page: Page, what: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().includes('/graphql') && body.includes(what)) seen.push(body.slice(0, 80));
  });
  return seen;
}

/** Alex Agent writes to a thread, through the API in a browser of his own (closed by the caller). */
async function agentWrites(browser: Browser, taskId: string, message: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const agent = await context.newPage();
  await devLogin(agent, 'agent@portico.test');
  await expect(agent).not.toHaveURL(/\/auth\/dev/);
  const sent = await graphql<{ createMessage: { errors: unknown[] } }>(
    agent.request,
    'mutation ($taskId: ID!, $message: String) { createMessage(taskId: $taskId, message: $message) { errors { code message } } }',
    { taskId, message },
  );
  expect(sent.createMessage.errors).toEqual([]);
  return context;
}

test.describe('realtime', () => {
  test('a customer sees the agent’s message and status change appear without reloading', async ({ browser }) => {
    test.setTimeout(120_000);
    const title = uniqueTitle('Realtime question');
    const anna = await startThreadAs(browser, 'anna@acme.test', 'Acme Oy', title);
    await openThread(anna.page, anna.companyId, anna.taskId, title);
    const annaMessages = anna.page.getByRole('log', { name: 'Messages' });
    await expect(annaMessages).toContainText('started the thread');

    const context = await browser.newContext();
    const agent = await context.newPage();
    await devLogin(agent, 'agent@portico.test');
    await openThread(agent, anna.companyId, anna.taskId, title);

    const text = `Hello Anna, live ${Date.now()}`;
    await agent.getByRole('textbox', { name: 'Message' }).fill(text);
    await agent.getByRole('button', { name: 'Send' }).click();
    await expect(agent.getByRole('log', { name: 'Messages' })).toContainText(text);

    // Anna's page was not reloaded: the message arrives over the realtime socket.
    await expect(annaMessages).toContainText(text);
    // Customers see provider staff as the provider, not by name (the server masks it).
    await expect(annaMessages).not.toContainText('Alex Agent');

    await agent.getByTestId('thread-pane').getByRole('combobox', { name: 'Status' }).click();
    await agent.locator('.ant-select-item-option[title="In progress"]').click();
    await expect(annaMessages).toContainText('changed the status from Not started to In progress');
    await expect(anna.page.getByTestId('thread-status')).toContainText('In progress');

    await context.close();
    await anna.close();
  });

  test('the unread badge counts another user’s new message from the realtime event, without asking the server', async ({ browser }) => {
    test.setTimeout(120_000);
    const title = uniqueTitle('Unread counter');
    const anna = await startThreadAs(browser, 'anna@acme.test', 'Acme Oy', title);
    const page = anna.page;
    // the inbox list leaves Anna's own thread in the cache, read
    await page.goto(`/${anna.companyId}/inbox`);
    await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible({ timeout: 45_000 });
    // then another page with the sidebar's badge: no list there that would reload
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Files' }).click();
    await expect(page).toHaveURL(/\/shared-files/);
    await page.waitForLoadState('networkidle');
    const badge = nav.getByTestId('inbox-unread-badge');
    const before = (await badge.count()) ? Number(await badge.locator('sup').first().getAttribute('title')) : 0;

    const counterRequests = graphqlRequests(page, 'inboxStats');
    const context = await agentWrites(browser, anna.taskId, `<p>A new question ${Date.now()}</p>`);

    await expect(badge).toBeVisible();
    await expect(badge.locator('sup').first()).toHaveAttribute('title', String(before + 1));
    expect(counterRequests).toEqual([]);

    await context.close();
    await anna.close();
  });

  test('another user’s message moves its thread up the inbox list from the realtime event, without asking for the list again', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const older = uniqueTitle('Moves up');
    const anna = await startThreadAs(browser, 'anna@acme.test', 'Acme Oy', older);
    const page = anna.page;
    const newer = uniqueTitle('Stays put');
    const created = await graphql<{ createTask: { errors: unknown[] } }>(
      page.request,
      'mutation ($companyId: ID!, $title: String!) { createTask(companyId: $companyId, categoryId: "1", title: $title) { errors { code message } } }',
      { companyId: anna.companyId, title: newer },
    );
    expect(created.createTask.errors).toEqual([]);
    await page.goto(`/${anna.companyId}/inbox`);
    const titles = page.getByTestId('thread-link');
    const order = async () => {
      const texts = await titles.allTextContents();
      return [texts.findIndex((t) => t.includes(newer)), texts.findIndex((t) => t.includes(older))];
    };
    await expect.poll(async () => Math.min(...(await order())), { timeout: 45_000 }).toBeGreaterThanOrEqual(0);
    const [newerAt, olderAt] = await order();
    expect(newerAt).toBeGreaterThanOrEqual(0);
    expect(olderAt).toBe(newerAt + 1);
    await page.waitForLoadState('networkidle');

    const listRequests = graphqlRequests(page, 'InboxThreads');
    const context = await agentWrites(browser, anna.taskId, `<p>Moving you up ${Date.now()}</p>`);

    await expect.poll(order).toEqual([newerAt + 1, newerAt]);
    expect(listRequests).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('inbox-moved-up-1440.png') });

    await context.close();
    await anna.close();
  });
});
