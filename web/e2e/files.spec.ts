import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations } from './support';
import { readZip } from './zip';

// Demo data (demo/files.go): Acme Oy's Accounting root holds "Invoices 2026" and
// "Tilinpäätös 2025". Other tests add files there too, so this one only looks for its own.

async function openFolder(page: Page, path: readonly string[]): Promise<void> {
  const tree = page.getByRole('navigation', { name: 'Folders' });
  for (const [i, name] of path.entries()) {
    // rc-tree keeps an aria-hidden measuring node; the real ones are the others.
    const node = tree.locator('.ant-tree-treenode:not([aria-hidden])', {
      has: page.locator(`.ant-tree-title:text-is("${name}")`),
    });
    if (i < path.length - 1) {
      // The tree may open the folder by itself meanwhile (it opens the parent of a folder just added): look again
      // after each click, so a click that closed it is undone, until the folder stays open.
      await expect(async () => {
        if (!(await node.getAttribute('class'))?.includes('ant-tree-treenode-switcher-open')) {
          await node.locator('.ant-tree-switcher').click();
        }
        await expect(node).toHaveClass(/ant-tree-treenode-switcher-open/, { timeout: 1_000 });
      }).toPass();
    } else {
      await node.locator('.ant-tree-node-content-wrapper').click();
    }
  }
  await expect(page.getByRole('heading', { level: 2, name: path[path.length - 1] })).toBeVisible();
}

test.describe('shared files', () => {
  // Several axe runs and a background zip per test, on a machine shared by many builds.
  test.describe.configure({ timeout: 120_000 });

  test('a customer uploads two files, moves one into another folder and downloads the folder as a zip', async ({
    browser,
  }) => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
    const stays = { name: `e2e-${stamp}-stays.txt`, text: `Stays in Invoices 2026 (${stamp}) ÅÄÖ` };
    const moves = { name: `e2e-${stamp}-moves.txt`, text: `Moves to Tilinpäätös 2025 (${stamp})` };

    await devLogin(page, 'anna@acme.test');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Files' }).click();
    await expect(page).toHaveURL(/\/shared-files$/);
    await expect(page.getByText('Select a folder to see its files.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Upload both files into Invoices 2026 through the upload modal, one with a description.
    await openFolder(page, ['Accounting', 'Invoices 2026']);
    await expect(page).toHaveURL(/\/shared-files\?id=[0-9a-f-]+$/);
    await page.getByTestId('files-pane').getByRole('button', { name: 'Upload' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload files to Invoices 2026' });
    await upload.locator('input[type="file"]').setInputFiles([
      { name: stays.name, mimeType: 'text/plain', buffer: Buffer.from(stays.text) },
      { name: moves.name, mimeType: 'text/plain', buffer: Buffer.from(moves.text) },
    ]);
    await upload.getByRole('textbox', { name: `Description of ${stays.name}` }).fill(`Kept for the auditors ${stamp}`);
    await upload.getByRole('button', { name: 'Upload 2 files' }).click();
    await expect(upload.getByText('Uploaded', { exact: true })).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await upload.getByRole('button', { name: 'Close' }).last().click();

    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: stays.name })).toBeVisible();
    await expect(table.getByRole('link', { name: moves.name })).toBeVisible();
    await expect(table.getByText(`Kept for the auditors ${stamp}`)).toBeVisible();

    // A second tab on the same folder follows the changes as they happen (realtime).
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(other.getByRole('table').getByRole('link', { name: moves.name })).toBeVisible();

    // Move one of them into Tilinpäätös 2025.
    await page.getByRole('button', { name: `Actions for ${moves.name}` }).click();
    await page.getByRole('menuitem', { name: 'Move' }).click();
    const move = page.getByRole('dialog', { name: 'Move 1 file' });
    await expect(move.getByRole('button', { name: 'Move' })).toBeDisabled();
    await move.getByLabel('Destination folder').click();
    const options = page.locator('.ant-select-tree');
    const accounting = options.locator('.ant-select-tree-treenode', { hasText: 'Accounting' }).first();
    await accounting.locator('.ant-select-tree-switcher').click();
    await options.getByTitle('Tilinpäätös 2025').click();
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText('1 file moved to Tilinpäätös 2025')).toBeVisible();
    await expect(move).toBeHidden();
    await expect(table.getByRole('link', { name: moves.name })).toHaveCount(0);
    await expect(table.getByRole('link', { name: stays.name })).toBeVisible();
    await expect(other.getByRole('table').getByRole('link', { name: moves.name })).toHaveCount(0);
    await other.close();

    // Download Invoices 2026 as a zip: it is made in the background, then downloads by itself.
    const downloading = page.waitForEvent('download', { timeout: 45_000 });
    await page.getByRole('button', { name: 'Download as zip' }).click();
    await expect(page.getByText('Preparing the zip file')).toBeVisible();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const entries = readZip(await readFile(await download.path()));
    const names = entries.map((e) => e.name);
    // The archive keeps the folder structure: the folder's files sit under its name.
    const kept = entries.find((e) => e.name === `Invoices 2026/${stays.name}`);
    expect(kept, `zip entries: ${names.join(', ')}`).toBeDefined();
    expect(kept?.content.toString('utf8')).toBe(stays.text);
    expect(names.some((n) => n.endsWith(moves.name))).toBe(false);

    // The moved file is in its new folder.
    await openFolder(page, ['Accounting', 'Tilinpäätös 2025']);
    await expect(table.getByRole('link', { name: moves.name })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  test('a customer drops a file on the pane, changes folder during the upload, renames, describes and deletes the file', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
    const dropped = `e2e-${stamp}-dropped.txt`;
    const renamed = `e2e-${stamp}-renamed.txt`;

    await devLogin(page, 'anna@acme.test');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Files' }).click();
    await openFolder(page, ['Accounting', 'Tilinpäätös 2025']);

    // Dropping files onto the pane uploads them at once. The upload is held back until the
    // user has tried to change folder, which asks first; the file still lands where it was dropped.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql/', async (route) => {
      if (route.request().headers()['content-type']?.startsWith('multipart/form-data')) await held;
      await route.continue();
    });
    const pane = page.getByTestId('files-pane');
    const transfer = await page.evaluateHandle((name) => {
      const data = new DataTransfer();
      data.items.add(new File(['dropped on the pane'], name, { type: 'text/plain' }));
      return data;
    }, dropped);
    await pane.dispatchEvent('dragenter', { dataTransfer: transfer });
    await pane.dispatchEvent('dragover', { dataTransfer: transfer });
    await pane.dispatchEvent('drop', { dataTransfer: transfer });
    await expect(page.getByRole('button', { name: /Uploading 0 of 1/ })).toBeVisible();

    const tree = page.getByRole('navigation', { name: 'Folders' });
    await tree.getByText('Invoices 2026', { exact: true }).click();
    const leave = page.getByRole('dialog', { name: 'Change folder during the upload?' });
    await leave.getByRole('button', { name: 'Stay here' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Tilinpäätös 2025' })).toBeVisible();
    await tree.getByText('Invoices 2026', { exact: true }).click();
    await leave.getByRole('button', { name: 'Change folder' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Invoices 2026' })).toBeVisible();
    release();
    await expect(page.getByText(`${dropped} uploaded`)).toBeVisible();
    await page.unroute('**/graphql/');
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: dropped })).toHaveCount(0);
    await openFolder(page, ['Accounting', 'Tilinpäätös 2025']);
    await expect(table.getByRole('link', { name: dropped })).toBeVisible();

    // Rename: the name is trimmed, and save waits for a real change.
    await page.getByRole('button', { name: `Actions for ${dropped}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename file' });
    const save = rename.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await rename.getByLabel('File name').fill('   ');
    await expect(save).toBeDisabled();
    await rename.getByLabel('File name').fill(`  ${renamed}  `);
    await save.click();
    await expect(table.getByRole('link', { name: renamed })).toBeVisible();

    // Add a description.
    await page.getByRole('button', { name: `Actions for ${renamed}` }).click();
    await page.getByRole('menuitem', { name: 'Add description' }).click();
    const describe = page.getByRole('dialog', { name: 'Add description' });
    await expect(describe.getByRole('button', { name: 'Save' })).toBeDisabled();
    await describe.getByRole('textbox').fill(`Signed copy ${stamp}`);
    await describe.getByRole('button', { name: 'Save' }).click();
    await expect(table.getByText(`Signed copy ${stamp}`)).toBeVisible();

    // The history names the upload and the rename.
    await page.getByRole('button', { name: `Actions for ${renamed}` }).click();
    await page.getByRole('menuitem', { name: 'Activity history' }).click();
    const history = page.getByRole('dialog', { name: `History of ${renamed}` });
    await expect(history.getByText(`Anna Acme renamed ${dropped} to ${renamed}`)).toBeVisible();
    await expect(history.getByText(/Anna Acme uploaded the file/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await history.getByRole('button', { name: 'Close' }).click();

    // Delete it together with a file the agent uploaded: only hers goes, the other is named.
    await table.getByRole('checkbox', { name: `Select ${renamed}` }).check();
    await table.getByRole('checkbox', { name: 'Select tase-2025.csv' }).check();
    await page.getByRole('button', { name: 'Delete', exact: false }).filter({ hasText: /^Delete$/ }).click();
    const remove = page.getByRole('dialog', { name: 'Delete 2 files' });
    await expect(remove.getByText('tase-2025.csv')).toBeVisible();
    await expect(remove.getByText(/You may not delete 1 of the chosen files/)).toBeVisible();
    await remove.getByRole('button', { name: 'Delete 1 file' }).click();
    await expect(page.getByText('1 file deleted')).toBeVisible();
    await expect(table.getByRole('link', { name: renamed })).toHaveCount(0);
    await expect(table.getByRole('link', { name: 'tase-2025.csv' })).toBeVisible();
    await context.close();
  });

  test('an agent admin adds a subfolder, renames it, moves it and deletes it; root folders stay as they are', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
    const name = `E2E ${stamp}`;

    await devLogin(page, 'agentadmin@portico.test');
    await page.getByRole('combobox', { name: 'Company' }).click();
    await page.locator('.ant-select-item-option[title="Acme Oy"]').click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Files' }).click();
    await openFolder(page, ['HR']);
    // A root folder: no rename, delete nor settings.
    await expect(page.getByRole('button', { name: 'Rename folder' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete folder' })).toHaveCount(0);

    await openFolder(page, ['Accounting']);
    await page.getByRole('button', { name: 'Add subfolder' }).click();
    const add = page.getByRole('dialog', { name: 'Add a subfolder to Accounting' });
    await expect(add.getByRole('button', { name: 'Add' })).toBeDisabled();
    await add.getByLabel('Folder name').fill(`  ${name}  `);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add).toBeHidden();

    await openFolder(page, ['Accounting', name]);
    await page.getByRole('button', { name: 'Rename folder' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename folder' });
    await rename.getByLabel('Folder name').fill(`${name} renamed`);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `${name} renamed` })).toBeVisible();
    const tree = page.getByRole('navigation', { name: 'Folders' });
    await expect(tree.getByText(`${name} renamed`, { exact: true })).toBeVisible();

    // Its address opens it again after a reload, with the tree opened down to it.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: `${name} renamed` })).toBeVisible();
    await expect(tree.locator('.ant-tree-treenode-selected', { hasText: `${name} renamed` })).toBeVisible();

    // Settings: the category is shown, and the folder moves under another folder of it.
    await page.getByRole('button', { name: 'Folder settings' }).click();
    const settings = page.getByRole('dialog', { name: `Settings of ${name} renamed` });
    await expect(settings.locator('.ant-tag', { hasText: 'Accounting' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await settings.getByLabel('Location').click();
    const places = page.locator('.ant-select-tree');
    await places.locator('.ant-select-tree-treenode', { hasText: 'Accounting' }).first().locator('.ant-select-tree-switcher').click();
    await places.getByTitle('Tilinpäätös 2025').click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings).toBeHidden();
    const moved = tree.locator('.ant-tree-treenode:not([aria-hidden])', { hasText: `${name} renamed` });
    await expect(moved).toBeVisible();
    await expect(tree.locator('.ant-tree-treenode:not([aria-hidden])').filter({ hasText: 'Tilinpäätös 2025' })).toHaveClass(
      /ant-tree-treenode-switcher-open/,
    );

    await page.getByRole('button', { name: 'Delete folder' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete the folder ${name} renamed?` });
    await confirm.getByRole('button', { name: 'Delete folder' }).click();
    await expect(page.getByText(`Folder ${name} renamed deleted`)).toBeVisible();
    await expect(tree.getByText(`${name} renamed`, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Tilinpäätös 2025' })).toBeVisible();
    await context.close();
  });
});
