import { expect, test } from '@playwright/test';
import { devLogin } from './support';
import { graphql, openThread, startThreadAs, uniqueTitle } from './threadSupport';

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

    const counterRequests: string[] = [];
    page.on('request', (request) => {
      const body = request.postData() ?? '';
      if (request.url().includes('/graphql') && body.includes('inboxStats')) counterRequests.push(body.slice(0, 80));
    });

    const context = await browser.newContext();
    const agent = await context.newPage();
    await devLogin(agent, 'agent@portico.test');
    await expect(agent).not.toHaveURL(/\/auth\/dev/);
    const sent = await graphql<{ createMessage: { errors: unknown[] } }>(
      agent.request,
      'mutation ($taskId: ID!, $message: String) { createMessage(taskId: $taskId, message: $message) { errors { code message } } }',
      { taskId: anna.taskId, message: `<p>A new question ${Date.now()}</p>` },
    );
    expect(sent.createMessage.errors).toEqual([]);

    await expect(badge).toBeVisible();
    await expect(badge.locator('sup').first()).toHaveAttribute('title', String(before + 1));
    expect(counterRequests).toEqual([]);

    await context.close();
    await anna.close();
  });
});
