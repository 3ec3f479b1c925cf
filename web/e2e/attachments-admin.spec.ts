import { expect, test } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations } from './support';
import { companyId, graphql, uniqueTitle } from './threadSupport';

// Delete attachments (spec 002 §2.9): a global admin deletes a file uploaded today, reloads,
// and undoes the deletion within the minute. The file is this test's own.

test.describe('delete attachments', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin deletes an attachment, reloads, undoes within the minute and sees it back', async ({ browser }) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const filename = `e2e-undo-${stamp}.txt`;

    // Anna opens a thread with the file.
    const annaContext = await browser.newContext();
    const anna = await annaContext.newPage();
    await devLogin(anna, 'anna@acme.test');
    await expect(anna).not.toHaveURL(/\/auth\/dev/);
    const acme = await companyId(anna, 'Acme Oy');
    const created = await graphql<{ createTask: { task: { uuid: string } | null } }>(
      anna.request,
      `mutation ($companyId: ID!, $title: String!) {
        createTask(companyId: $companyId, categoryId: "1", title: $title, description: "<p>Files</p>") { task { uuid } }
      }`,
      { companyId: acme, title: uniqueTitle('Attachment undo') },
    );
    const taskId = created.createTask.task?.uuid;
    expect(taskId).toBeTruthy();
    // The GraphQL multipart request, written out: the operations part must come first.
    const boundary = `----e2e${stamp}`;
    const part = (name: string, body: string, extra = '') =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${body}\r\n`;
    const body = Buffer.from(
      part(
        'operations',
        JSON.stringify({
          query:
            'mutation ($taskId: ID!, $content: Upload!) { createAttachment(taskId: $taskId, content: $content) { attachment { uuid } errors { code message } } }',
          variables: { taskId, content: null },
        }),
      ) +
        part('map', JSON.stringify({ '0': ['variables.content'] })) +
        part('0', `Undo me ${stamp}`, `; filename="${filename}"\r\nContent-Type: text/plain`) +
        `--${boundary}--\r\n`,
    );
    const upload = await anna.request.post('/graphql/', {
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      data: body,
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    expect(await upload.text()).toContain('"errors":[]');
    await annaContext.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await devLogin(page, 'admin@portico.test');
    await expect(page).not.toHaveURL(/\/auth\/dev/);
    await page.goto(`/companies/${acme}/delete-attachments`);
    // The first load of a page fetches its code as well: give a busy machine time.
    await expect(page.getByRole('heading', { level: 1, name: 'Delete attachments' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Search by file name' }).fill(filename);
    const table = page.getByRole('table', { name: 'Delete attachments' });
    const row = table.getByRole('row').filter({ hasText: filename });
    await expect(row).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    await row.getByRole('checkbox', { name: `Select ${filename}` }).check();
    await page.getByRole('button', { name: 'Delete 1 selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 1 attachment?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('1 attachment deleted')).toBeVisible();
    await expect(row).toHaveCount(0);

    // After a reload the offer is still there, for what is left of the minute.
    await page.reload();
    await expect(page.getByText('1 attachment deleted')).toBeVisible({ timeout: 60_000 });
    await expect(table.getByRole('row').filter({ hasText: filename })).toHaveCount(0);
    await page.getByTestId('undo-delete-attachments').click();
    await expect(page.getByText('1 attachment restored')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: filename })).toHaveCount(1);
    await context.close();
  });
});
