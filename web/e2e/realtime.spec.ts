import { expect, test } from '@playwright/test';
import { devLogin } from './support';
import { openThread, startThreadAs, uniqueTitle } from './threadSupport';

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
});
