import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, graphqlAs } from './support';

// Portal management (issue 15): company banners reach open browsers, holidays move the demo
// trigger's next run, the events log filters by category and user.

const originOf = (baseURL: string | undefined) => new URL(baseURL ?? 'http://127.0.0.1:18080').origin;

async function signedIn(page: Page, email: string): Promise<void> {
  await devLogin(page, email);
  await expect(page).not.toHaveURL(/\/auth\/dev/);
}

async function companyUuid(request: APIRequestContext, origin: string, name: string): Promise<string> {
  const { companies } = await graphqlAs<{ companies: { collection: { uuid: string; name: string }[] } }>(
    request,
    origin,
    'query ($search: String) { companies(search: $search) { collection { uuid name } } }',
    { search: name },
  );
  const company = companies.collection.find((c) => c.name === name);
  expect(company, name).toBeTruthy();
  return company?.uuid ?? '';
}

test.describe('portal management', () => {
  // a busy machine: three journeys of several pages each
  test.describe.configure({ timeout: 150_000 });

  test('a company banner created on its page appears in a customer’s open browser', async ({ browser, baseURL }) => {
    const origin = originOf(baseURL);
    const text = `Office closed on Friday ${Date.now()}`;

    const evaContext = await browser.newContext();
    const eva = await evaContext.newPage();
    await signedIn(eva, 'eva@borealis.test');
    await expect(eva.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signedIn(admin, 'admin@portico.test');
    const borealis = await companyUuid(admin.request, origin, 'Borealis AB');
    // one warning per audience: remove Borealis's warnings left by earlier runs
    const { systemBanners } = await graphqlAs<{ systemBanners: { id: string; bannerType: string }[] }>(
      admin.request,
      origin,
      'query ($companyId: ID) { systemBanners(companyId: $companyId, bannerGroup: "company") { id bannerType } }',
      { companyId: borealis },
    );
    for (const b of systemBanners.filter((b) => b.bannerType === 'warning')) {
      await graphqlAs(admin.request, origin, 'mutation ($id: ID!) { deleteSystemBanner(id: $id) { success } }', { id: b.id });
    }

    await admin.goto(`/companies/${borealis}/system-banners`);
    await admin.getByRole('button', { name: 'Add banner' }).click({ timeout: 60_000 });
    await admin.getByRole('radio', { name: 'Warning' }).check();
    // the text is written in the editor, not as HTML: typed, chosen, made bold with the toolbar
    const box = admin.getByRole('textbox', { name: 'Text' });
    await box.fill(text);
    await box.press('ControlOrMeta+a');
    await admin.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Bold' }).click();
    await expect(admin.getByTestId('banner-preview').locator('strong', { hasText: text })).toBeVisible();
    // the counter counts the markup too: <strong></strong> is 17 characters
    await expect(admin.getByText(`${text.length + 17} / 250 characters`)).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await admin.screenshot({ path: test.info().outputPath('banner-editor-1440.png'), fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await box.scrollIntoViewIfNeeded();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await admin.screenshot({ path: test.info().outputPath('banner-editor-390.png'), fullPage: true });
    await admin.setViewportSize({ width: 1440, height: 900 });
    // over 250 characters: the form says so and does not save
    await box.press('End');
    await box.pressSequentially(' ' + 'x'.repeat(250 - text.length - 17), { delay: 0 });
    await expect(admin.getByText('The text is longer than 250 characters.')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Save' })).toBeDisabled();
    for (let i = 0; i <= 250 - text.length - 17; i++) await box.press('Backspace');
    await expect(admin.getByText(`${text.length + 17} / 250 characters`)).toBeVisible();
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByTestId('banner-card').filter({ hasText: text })).toBeVisible();

    await expect(eva.getByTestId('system-banner').filter({ hasText: text })).toBeVisible();

    // refused input keeps what was typed
    await admin.getByRole('button', { name: 'Add banner' }).click();
    await admin.getByRole('radio', { name: 'Warning' }).check();
    const second = admin.getByRole('textbox', { name: 'Text' });
    await second.fill('Second warning');
    // a link by keyboard: the words chosen, the link button, an address without its scheme
    await second.press('ControlOrMeta+a');
    await admin.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Add link' }).click();
    await admin.getByRole('textbox', { name: 'Link address' }).fill('acme.test');
    await admin.getByRole('textbox', { name: 'Link address' }).press('Enter');
    await expect(admin.getByTestId('banner-preview').getByRole('link', { name: 'Second warning' })).toHaveAttribute('href', 'https://acme.test');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('A banner of this type already exists for these user types').first()).toBeVisible();
    await expect(admin.getByRole('textbox', { name: 'Text' })).toHaveText('Second warning');

    await adminContext.close();
    await evaContext.close();
  });

  test('holidays added for a year move the demo trigger’s next run', async ({ page, baseURL }) => {
    const origin = originOf(baseURL);
    await signedIn(page, 'admin@portico.test');
    const acme = await companyUuid(page.request, origin, 'Acme Oy');
    const { countries, workflows } = await graphqlAs<{
      countries: { id: string; code: string }[];
      workflows: { collection: { uuid: string; name: string }[] };
    }>(page.request, origin, 'query { countries { id code } workflows(search: "Month-end closing") { collection { uuid name } } }');
    const fi = countries.find((c) => c.code === 'fi')?.id ?? '';
    const workflowId = workflows.collection.find((w) => w.name === 'Month-end closing')?.uuid ?? '';
    const { countryHolidays } = await graphqlAs<{ countryHolidays: { year: string }[] }>(
      page.request,
      origin,
      'query ($id: ID!) { countryHolidays(countryId: $id) { year } }',
      { id: fi },
    );
    // a year no earlier run has kept (the demo keeps this year and the next)
    const taken = new Set(countryHolidays.map((y) => y.year));
    const first = new Date().getFullYear() + 2;
    const year = String(Array.from({ length: 19 }, (_, i) => first + i).find((y) => !taken.has(String(y))));

    const nextRun = async () => {
      const { workflowPreview } = await graphqlAs<{ workflowPreview: { runs: { triggerType: string; date: string }[] } }>(
        page.request,
        origin,
        'query ($w: ID!, $c: ID, $after: DateTime) { workflowPreview(workflowId: $w, companyId: $c, count: 1, after: $after) { runs { triggerType date } } }',
        { w: workflowId, c: acme, after: `${year}-01-01T00:00:00Z` },
      );
      return workflowPreview.runs.find((r) => r.triggerType === 'schedule')?.date ?? '';
    };
    const before = await nextRun();
    expect(before).toMatch(new RegExp(`^${year}-01-`));

    await page.goto(`/portal-management/country_holidays/${fi}`);
    await expect(page.getByRole('navigation', { name: 'Years' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Add year' }).click();
    const yearSelect = page.getByRole('dialog').locator('.ant-select');
    if (!(await yearSelect.textContent())?.includes(year)) {
      await page.getByRole('combobox', { name: 'Year' }).click();
      await page.locator(`.ant-select-item-option[title="${year}"]`).click();
    }
    await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
    await expect(page).toHaveURL(new RegExp(`year=${year}`));
    // filled from Finland's calendar
    await expect(page.getByRole('cell', { name: 'Independence Day', exact: true }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // the day the schedule would run becomes a holiday
    await page.getByRole('button', { name: 'Add holiday' }).click();
    const dialog = page.getByRole('dialog');
    // typed as English writes a date, the picker's format (DD/MM/YYYY)
    const [yyyy, mm, dd] = before.split('-');
    await dialog.getByLabel('Date').fill(`${dd}/${mm}/${yyyy}`);
    await dialog.getByLabel('Date').press('Enter');
    await dialog.getByLabel('Name', { exact: true }).fill('Closing day off');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('cell', { name: 'Closing day off', exact: true })).toBeVisible();

    await expect.poll(nextRun).not.toBe(before);
  });

  test('the events log filters by category and user', async ({ page, baseURL }) => {
    const origin = originOf(baseURL);
    await signedIn(page, 'admin@portico.test');
    // an event of the admin's own in category SystemBanner: a company banner, made and removed
    const acme = await companyUuid(page.request, origin, 'Acme Oy');
    const { systemBanners } = await graphqlAs<{ systemBanners: { id: string; bannerType: string; userTypes: string[] }[] }>(
      page.request,
      origin,
      'query ($companyId: ID) { systemBanners(companyId: $companyId, bannerGroup: "company") { id bannerType userTypes } }',
      { companyId: acme },
    );
    for (const b of systemBanners.filter((b) => b.bannerType === 'info' && b.userTypes.includes('portico_user'))) {
      await graphqlAs(page.request, origin, 'mutation ($id: ID!) { deleteSystemBanner(id: $id) { success } }', { id: b.id });
    }
    const created = await graphqlAs<{ createSystemBanner: { systemBanner: { id: string } | null; errors: unknown[] } }>(
      page.request,
      origin,
      `mutation ($companyId: ID) { createSystemBanner(bannerGroup: "company", companyId: $companyId, bannerType: "info",
        description: "<p>Events log check</p>", userTypes: ["portico_user"]) { systemBanner { id } errors { code } } }`,
      { companyId: acme },
    );
    expect(created.createSystemBanner.errors).toEqual([]);
    const bannerId = created.createSystemBanner.systemBanner?.id ?? '';
    await graphqlAs(page.request, origin, 'mutation ($id: ID!) { deleteSystemBanner(id: $id) { success } }', { id: bannerId });

    await page.goto('/logs');
    await expect(page.getByRole('heading', { name: 'Events log', level: 1 })).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('events-category').click();
    await page.locator('.ant-select-item-option', { hasText: 'System banner' }).click();
    await expect(page).toHaveURL(/table_logs_all=/);
    await page.getByRole('combobox', { name: 'User' }).fill('Ada');
    await page.locator('.ant-select-item-option', { hasText: 'Ada Admin' }).click();
    await expect(page).toHaveURL(/userId/);
    // The table keeps the rows of the category filter alone until the user filter's answer arrives, so wait
    // until no row breaks either filter (counting once and reading each row raced that answer).
    const rows = page.getByRole('table', { name: 'Events log' }).locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: 'Ada Admin' })).toHaveCount(0);
    await expect(rows.filter({ hasNotText: 'System banner' })).toHaveCount(0);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expect(rows.first()).toContainText('Ada Admin');
    await expectNoSeriousA11yViolations(page);

    // the filters survive a reload (they live in the address)
    await page.reload();
    await expect(page.getByTestId('events-category')).toContainText('System banner');
  });
});
