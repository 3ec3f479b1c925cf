import { expect, test, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, graphqlAs } from './support';

// Pages load their code and translations on first use, which a busy machine makes slow: the
// first sight of a page waits for it longer than a check within a page.
const LOAD = 60_000;

// Colleagues (issue 28 item 3, spec 002 §2.7): Acme Oy's customer admin manages the company's
// users on My company; a customer user sees them without a single action.

async function acmeProfile(page: Page): Promise<string> {
  const init = (await (await page.request.get('/api/init.json')).json()) as { companies: { uuid: string; name: string }[] };
  const acme = init.companies.find((c) => c.name === 'Acme Oy');
  expect(acme).toBeTruthy();
  return `/${acme!.uuid}/company-profile`;
}

test('a customer admin adds a colleague, changes their categories and deactivates them', async ({ page }, testInfo) => {
  test.setTimeout(300_000); // a journey through several modals, and a phone-width look
  const stamp = Date.now();
  const name = `Noora Newcomer${stamp}`;
  const email = `noora.${stamp}@acme.test`;

  await devLogin(page, 'anna@acme.test');
  await page.goto(await acmeProfile(page));
  await expect(page.getByRole('heading', { name: 'Company users' })).toBeVisible({ timeout: LOAD });
  const table = page.getByRole('table', { name: 'Company users' });
  await expect(table.getByRole('link', { name: 'Carl Acme' })).toBeVisible({ timeout: LOAD });
  await page.screenshot({ path: testInfo.outputPath('company-users-1440.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // A colleague's profile lists their companies (spec 002 §2.6), with the same actions; back to My company.
  await table.getByRole('link', { name: 'Carl Acme' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible({ timeout: LOAD });
  const companies = page.getByRole('table', { name: 'Companies' });
  const acmeRow = companies.getByRole('row', { name: /Acme Oy/ });
  await expect(acmeRow).toContainText('Payroll', { timeout: LOAD });
  await expect(acmeRow.getByRole('button', { name: 'Actions for Acme Oy' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('profile-1440.png') });
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(table.getByRole('link', { name: 'Carl Acme' })).toBeVisible({ timeout: LOAD });

  await page.getByRole('button', { name: 'Add user' }).click();
  const add = page.getByRole('dialog', { name: 'Add customer user' });
  await add.getByLabel('Full name').fill(name);
  await add.getByLabel('E-mail').fill(email);
  await add.getByLabel('Job title').fill('Payroll clerk');
  // Payroll and HR are sensitive: giving one asks first (spec 002 §4).
  await add.getByRole('checkbox', { name: 'Payroll' }).click();
  await page.getByRole('dialog').filter({ hasText: 'Payroll is a sensitive category' }).getByRole('button', { name: 'Give the category' }).click();
  await expect(add.getByRole('checkbox', { name: 'Payroll' })).toBeChecked();
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden({ timeout: LOAD });

  await page.getByLabel('Search by name or e-mail').fill(email);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible({ timeout: LOAD });
  await expect(row).toContainText('Payroll clerk');
  await expect(row).toContainText('Payroll');
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one match

  // Categories: HR instead of Payroll.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit categories' }).click();
  const edit = page.getByRole('dialog', { name: `Categories of ${name} in Acme Oy` });
  await edit.getByRole('checkbox', { name: 'Payroll' }).uncheck();
  await edit.getByRole('checkbox', { name: 'HR' }).click();
  await page.getByRole('dialog').filter({ hasText: 'HR is a sensitive category' }).getByRole('button', { name: 'Give the category' }).click();
  await expect(edit.getByRole('checkbox', { name: 'HR' })).toBeChecked();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden({ timeout: LOAD });
  await expect(row).toContainText('HR');
  await expect(row.getByText('Payroll', { exact: true })).toHaveCount(0);

  // Deactivation asks first; the row then says the colleague is inactive.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Deactivate ${name}?` });
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(row.getByRole('link', { name: `${name} (inactive)` })).toBeVisible({ timeout: LOAD });
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Reactivate' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The stored membership agrees with the screen.
  const stored = (await (
    await page.request.post('/graphql/', {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        query: 'query($c: ID!, $s: String) { companyUsers(companyId: $c, search: $s) { collection { active categories { name } } } }',
        variables: { c: new URL(page.url()).pathname.split('/')[1], s: email },
      },
    })
  ).json()) as { data: { companyUsers: { collection: { active: boolean; categories: { name: string }[] }[] } } };
  expect(stored.data.companyUsers.collection).toEqual([{ active: false, categories: [{ name: 'HR' }] }]);

  // A phone: the name cell carries the e-mail, and the actions stay reachable.
  await page.getByLabel('Search by name or e-mail').fill('');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByRole('link', { name: 'Carl Acme' })).toBeVisible({ timeout: LOAD });
  await expect(table.getByRole('button', { name: 'Actions for Carl Acme' })).toBeVisible();
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll, 'nothing wider than the phone').toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('company-users-390.png'), fullPage: true });
});

test('a customer user sees their colleagues without any management action', async ({ page }) => {
  await devLogin(page, 'carl@acme.test');
  await page.goto(await acmeProfile(page));
  const table = page.getByRole('table', { name: 'Company users' });
  await expect(table.getByRole('link', { name: 'Anna Acme' })).toBeVisible({ timeout: LOAD });
  await expect(table.getByRole('link', { name: 'Carl Acme' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add user' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
});

test("a provider user's profile lists their companies with business ids and roles", async ({ page }, testInfo) => {
  await devLogin(page, 'agent@portico.test');
  await expect(page).toHaveURL(/\/inbox/, { timeout: LOAD });
  const origin = new URL(page.url()).origin;
  const { companies: list } = await graphqlAs<{ companies: { collection: { uuid: string; name: string; businessId: string }[] } }>(
    page.request,
    origin,
    '{ companies(limit: 100) { collection { uuid name businessId } } }',
  );
  const init = { companies: list.collection };
  const acme = init.companies.find((c) => c.name === 'Acme Oy')!;
  await page.goto(`/${acme.uuid}/people`);
  await page.getByRole('table', { name: 'Portico users' }).getByRole('link', { name: 'Aaro Agentadmin' }).click();
  await expect(page.getByRole('heading', { name: 'Portico user profile' })).toBeVisible({ timeout: LOAD });
  const companies = page.getByRole('table', { name: 'Companies' });
  for (const name of ['Acme Oy', 'Borealis AB']) {
    const row = companies.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Admin', { timeout: LOAD });
    const company = init.companies.find((c) => c.name === name);
    await expect(row).toContainText(company!.businessId);
    await expect(row.getByRole('link', { name })).toHaveAttribute('href', `/${company!.uuid}/customer-info`);
  }
  // only global admins change staff: no actions, not even their column
  await expect(companies.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(companies.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('gs-profile-1440.png') });
});
