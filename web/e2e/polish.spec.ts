import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, setUserLanguage, storageStateOf } from './support';
import { graphql, startThreadAs, uniqueTitle } from './threadSupport';

// Issue 17's inbox and shell polish, each as a person meets it. Every test starts its own
// thread with a unique title, so none depends on the others or on the order of the list.

async function searchFor(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search threads' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByTestId('folder-search')).toHaveAttribute('aria-current', 'true');
}

test.describe('inbox polish', () => {
  test('at 1440 px every folder is in sight, and a thread card is a link: new tab, copy, click, Enter', async ({
    browser,
  }) => {
    test.slow();
    const title = uniqueTitle('Linked thread');
    const { page, companyId, taskId, close } = await startThreadAs(browser, 'agentadmin@portico.test', 'Acme Oy', title);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/${companyId}/inbox`);

    // Item 3: In progress and Completed (and Bin, for the global admin who has it) are not hidden under "…".
    const folders = page.getByRole('navigation', { name: 'Folders' });
    // the first load of a page fetches its code too: a busy machine takes its time
    await expect(folders).toBeVisible({ timeout: 45_000 });
    for (const folder of ['inbox', 'unread', 'new', 'inProgress', 'closed']) {
      await expect(page.getByTestId(`folder-${folder}`)).toBeInViewport();
    }
    await expect(folders.getByText('…')).toHaveCount(0);

    // Item 4: the card links to the thread's address.
    await searchFor(page, title);
    const row = page.getByTestId('thread-row').filter({ hasText: title });
    const link = row.getByRole('link');
    await expect(link).toHaveAttribute('href', new RegExp(`^/${companyId}/inbox/${taskId}\\?`));

    // A ctrl-click opens it in a new tab, and this page stays where it was.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click({ modifiers: ['ControlOrMeta'] })]);
    await expect(tab).toHaveURL(new RegExp(`/${companyId}/inbox/${taskId}`));
    await expect(tab.getByRole('heading', { name: title })).toBeVisible({ timeout: 45_000 });
    await tab.close();
    await expect(page).not.toHaveURL(new RegExp(taskId));

    // A plain click opens it in place; clicking it again closes it.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/${companyId}/inbox/${taskId}`));
    await expect(page.getByRole('region', { name: `Thread: ${title}` })).toBeVisible({ timeout: 45_000 });
    await expect(link).toHaveAttribute('aria-current', 'page');
    await link.click();
    await expect(page).not.toHaveURL(new RegExp(taskId));

    // The keyboard still opens it: Enter follows the link.
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${companyId}/inbox/${taskId}`));
    await expectNoSeriousA11yViolations(page);
    await close();
  });

  test('dates read as each language writes them: 23.11.2030 in Finnish, 23 nov. 2030 in Swedish', async ({ browser }) => {
    test.slow();
    const title = uniqueTitle('Dated thread');
    const { page, companyId, taskId, close } = await startThreadAs(browser, 'agent@portico.test', 'Acme Oy', title);
    await graphql(
      page.request,
      `mutation ($companyId: ID, $taskId: ID!, $dueDate: DateTime) {
        changeTaskDueDate(companyId: $companyId, taskId: $taskId, dueDate: $dueDate) { errors { code message } }
      }`,
      { companyId, taskId, dueDate: '2030-11-23T12:00:00Z' },
    );
    const cases = [
      { language: 'fi' as const, due: 'Eräpäivä 23.11.2030', input: '23.11.2030' },
      { language: 'sv' as const, due: 'Förfaller 23 nov. 2030', input: '2030-11-23' },
      { language: 'en' as const, due: 'Due 23 Nov 2030', input: '23/11/2030' },
    ];
    for (const { language, due, input } of cases) {
      await setUserLanguage(page, language);
      await page.goto(`/${companyId}/inbox/${taskId}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // the thread header's due-date field, as the agent may change it, in the language's input format
      await expect(page.getByTestId('thread-pane').locator('.ant-picker input')).toHaveValue(input, { timeout: 45_000 });
      // and the thread's card in the list
      const box = page.getByRole('searchbox');
      await box.fill(title);
      await box.press('Enter');
      await expect(page.getByTestId('thread-row').filter({ hasText: title }).getByTestId('thread-due')).toHaveText(due);
    }
    await close();
  });

  test("a thread's PDF left pending by a reload downloads at start-up, without opening a thread", async ({ browser }) => {
    test.slow();
    const title = uniqueTitle('Exported thread');
    const { page, companyId, taskId, close } = await startThreadAs(browser, 'agent@portico.test', 'Acme Oy', title);
    const data = await graphql<{ generatePdfFile: { pdfFile: { uuid: string } | null } }>(
      page.request,
      `mutation ($taskId: ID!, $companyId: ID!) { generatePdfFile(taskId: $taskId, companyId: $companyId) { pdfFile { uuid } errors { code message } } }`,
      { taskId, companyId },
    );
    const uuid = data.generatePdfFile.pdfFile?.uuid;
    expect(uuid).toBeTruthy();
    // What the thread pane keeps when a PDF is asked for and the page is then left.
    await page.evaluate(
      (entry) => window.localStorage.setItem('portico.downloads.thread', JSON.stringify([entry])),
      { uuid, kind: 'thread', companyId, taskId, label: title },
    );
    const download = page.waitForEvent('download', { timeout: 90_000 });
    await page.goto(`/${companyId}/inbox`);
    await expect(page.getByText('The PDF is downloading')).toBeVisible({ timeout: 90_000 });
    expect((await download).url()).toContain(`/api/download/${uuid}`);
    await expect(page).not.toHaveURL(new RegExp(taskId));
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('portico.downloads.thread'))).toBeNull();
    await close();
  });

  test('a new thread goes with its attached files and the image pasted into its message', async ({ browser }) => {
    test.slow();
    const title = uniqueTitle('Thread with files');
    const { page, companyId, close } = await startThreadAs(browser, 'agent@portico.test', 'Acme Oy', uniqueTitle('Set-up'));
    await page.goto(`/${companyId}/inbox?show_new_message_modal=1`);
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.getByLabel('Category').click();
    await page.locator('.ant-select-item-option[title="Accounting"]').click();
    await dialog.getByLabel('Subject').fill(title);
    const message = dialog.getByLabel('Message');
    await message.fill('The receipts are attached, and a screenshot of the bank.');

    const filename = `receipts-${Date.now()}.csv`;
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles({ name: filename, mimeType: 'text/csv', buffer: Buffer.from('date;sum\n2026-11-01;12.50\n') });
    // the list names it by its first 15 and last 7 characters; the remove button by its whole name
    await expect(dialog.getByRole('button', { name: `Remove ${filename}` })).toBeVisible();

    // A 1x1 PNG, pasted into the message as from the clipboard.
    await message.evaluate((box) => {
      const png = Uint8Array.from(
        atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
        (c) => c.charCodeAt(0),
      );
      const data = new DataTransfer();
      data.items.add(new File([png], 'bank.png', { type: 'image/png' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(dialog.getByTestId('new-thread-image')).toContainText('bank.png');
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden({ timeout: 45_000 });
    const pane = page.getByRole('region', { name: `Thread: ${title}` });
    await expect(pane).toBeVisible({ timeout: 45_000 });
    await expect(pane.getByRole('link', { name: filename })).toBeVisible();
    // the server keeps the pasted image among the thread's attachments
    await expect(pane.getByRole('link', { name: 'bank.png' })).toBeVisible();
    await close();
  });
});

// Issue 17 item 3 for the one who has the Bin: the global admin sees it beside the other folders at 1440 px.
test('at 1440 px the global admin sees every folder, the Bin too, none under "…"', async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateOf('admin@portico.test'), viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/inbox?all_companies=true');
  const folders = page.getByRole('navigation', { name: 'Folders' });
  // the first load of a page fetches its code too: a busy machine takes its time
  await expect(folders).toBeVisible({ timeout: 45_000 });
  for (const folder of ['inbox', 'unread', 'new', 'inProgress', 'closed', 'bin']) {
    await expect(page.getByTestId(`folder-${folder}`)).toBeInViewport();
  }
  await expect(folders.getByText('…')).toHaveCount(0);
  await context.close();
});
