import { expect, test, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, graphqlAs } from './support';

// Demo data (demo/demo.go, demo/dynamic_fields.go): Acme Oy runs the demo workflow in fi, has the
// dynamic fields with "Financial year end" (Accounting, anchor date) filled in, and the workflow
// has an anchor-date trigger on that field. Each test leaves the data as it found it.

interface AcmeIds {
  readonly acme: string;
  readonly accounting: string;
}

async function acmeIds(page: Page): Promise<AcmeIds> {
  const data = await graphqlAs<{ companies: { collection: { uuid: string; name: string; categories: { id: string; name: string }[] }[] } }>(
    page.request,
    new URL(page.url()).origin,
    `query { companies(search: "Acme Oy") { collection { uuid name categories { id name } } } }`,
  );
  const acme = data.companies.collection.find((c) => c.name === 'Acme Oy');
  expect(acme).toBeDefined();
  const accounting = acme?.categories.find((c) => c.name === 'Accounting');
  expect(accounting).toBeDefined();
  return { acme: acme?.uuid ?? '', accounting: accounting?.id ?? '' };
}

test.describe('companies', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the admin finds a company, opens its card, reads its fields and keeps the country its workflow runs in', async ({
    browser,
  }) => {
    const page = await (await browser.newContext()).newPage();
    await devLogin(page, 'admin@portico.test');
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.goto('/companies');
    await page.getByRole('searchbox', { name: 'Search companies' }).fill('Acme');
    const table = page.getByRole('table', { name: 'Companies' });
    await expect(table.getByRole('link', { name: 'Acme Oy' })).toBeVisible();
    await expect(table.getByText('Borealis AB')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await table.getByRole('link', { name: 'Acme Oy' }).click();

    // The card: breadcrumb back, tabs as routes, customer info read-only by default.
    await expect(page).toHaveURL(/\/companies\/[^/]+\/customer-info/);
    await expect(page.locator('.ant-breadcrumb').getByRole('link', { name: 'Companies' })).toBeVisible();
    const views = page.getByRole('navigation', { name: 'Company views' });
    await expect(views.getByRole('link', { name: 'Customer info' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Business ID').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Accounting' }).click();
    await expect(page).toHaveURL(/tab_id=/);
    await expect(page.getByText('Financial year end')).toBeVisible();
    await expect(page.getByRole('button', { name: /Edit Financial year end/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Countries: Finland stays (the demo workflow runs there); Sweden can be added and removed.
    await views.getByRole('link', { name: 'Countries' }).click();
    await expect(page).toHaveURL(/\/countries$/);
    const countries = page.getByRole('table', { name: "The company's countries" });
    await expect(countries.getByRole('img', { name: 'Finland' })).toBeVisible();
    await expect(countries.getByRole('button', { name: 'Remove Finland' })).toBeDisabled();
    await page.getByRole('button', { name: 'Add country' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Add a country' });
    await modal.getByRole('combobox', { name: 'Country' }).click();
    // the default countries come first, in the spec's order (fi, se, no, ee), the others after them
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(offered.first()).toHaveAttribute('title', 'Finland');
    const order = await offered.evaluateAll((options) => options.map((o) => o.getAttribute('title')));
    expect(order.slice(0, 4)).toEqual(['Finland', 'Sweden', 'Norway', 'Estonia']);
    expect(order.indexOf('United Kingdom')).toBeGreaterThan(3);
    await page.locator('.ant-select-item-option[title="Finland"]').click();
    await modal.getByRole('button', { name: 'Add' }).click();
    await expect(modal.getByText('This country has already been added to the company')).toBeVisible();
    await modal.getByRole('combobox', { name: 'Country' }).click();
    await page.locator('.ant-select-item-option[title="Sweden"]').click();
    await modal.getByRole('button', { name: 'Add' }).click();
    await expect(modal).toBeHidden();
    await expect(countries.getByRole('img', { name: 'Sweden' })).toBeVisible();
    // (the pointer off the buttons: a hovered primary button is lighter)
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    await countries.getByRole('button', { name: 'Remove Sweden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(countries.getByRole('img', { name: 'Sweden' })).toHaveCount(0);
    await expect(countries.getByRole('img', { name: 'Finland' })).toBeVisible();
  });

  test("a customer admin fills in the anchor-date field and the company's anchor-date trigger follows it", async ({ browser }) => {
    const admin = await (await browser.newContext()).newPage();
    await devLogin(admin, 'admin@portico.test');
    await admin.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await admin.goto('/companies');
    const ids = await acmeIds(admin);
    const origin = new URL(admin.url()).origin;
    const anchorRunMonth = async (): Promise<number | null> => {
      const data = await graphqlAs<{
        companyWorkflows: { collection: { workflowTriggers: { triggerType: string; nextRunAt: string | null }[] }[] };
      }>(
        admin.request,
        origin,
        `query($c: [ID!]) { companyWorkflows(companyIds: $c) { collection { workflowTriggers { triggerType nextRunAt } } } }`,
        { c: [ids.acme] },
      );
      const trigger = data.companyWorkflows.collection
        .flatMap((cw) => cw.workflowTriggers)
        .find((t) => t.triggerType === 'anchor_date');
      return trigger?.nextRunAt ? new Date(trigger.nextRunAt).getUTCMonth() + 1 : null;
    };

    // Two months from now: its first weekday is ahead, whatever today is.
    const month = ((new Date().getUTCMonth() + 2) % 12) + 1;
    const monthName = new Date(Date.UTC(2024, month - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });

    const page = await (await browser.newContext()).newPage();
    await devLogin(page, 'anna@acme.test');
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.goto(`/${ids.acme}/company-profile?tab_id=${ids.accounting}`);
    await expect(page.getByRole('tab', { name: 'Accounting' })).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Edit Financial year end' }).click();
    const modal = page.getByRole('dialog', { name: 'Financial year end' });
    await modal.getByRole('combobox', { name: 'Type', exact: true }).click();
    await page.locator('.ant-select-item-option[title="Month of the year"]').click();
    // The list shows some months at a time: type the month to find it.
    await modal.getByRole('combobox', { name: 'Day', exact: true }).fill(monthName);
    await page.locator(`.ant-select-item-option[title="${monthName}"]`).click();
    await modal.getByRole('combobox', { name: 'On weekends and public holidays' }).click();
    await page.locator('.ant-select-item-option[title="Move to the next weekday"]').click();
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Every year in ${monthName}`)).toBeVisible();
    await expect(page.getByLabel('Saved')).toBeVisible();

    await expect.poll(anchorRunMonth, { timeout: 60_000 }).toBe(month);

    // Put the demo's value back.
    await graphqlAs(
      page.request,
      new URL(page.url()).origin,
      `mutation($c: ID!, $cat: ID, $v: JSON!) { updateDynamicFields(companyId: $c, categoryId: $cat, values: $v) { errors { message } } }`,
      {
        c: ids.acme,
        cat: ids.accounting,
        v: { financial_year_end: { date_type: 'month_of_year', day_number: 12, following_interval: 1, holiday_handling: 'previous_weekday' } },
      },
    );
  });
});
