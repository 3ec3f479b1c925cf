import { expect, test, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, graphqlAs, setUserLanguage } from './support';

// The company screens outside the workflow journey: staff's company workflows and runs outside the
// admin panel, the company card on a phone, the global Countries table's flags, a customer's
// company profile with its mail part, and the second demo workflow started with its parameters.

const DEMO = 'Month-end closing';
const MANUAL = 'VAT return';

const origin = (page: Page): string => new URL(page.url()).origin;

async function companyUuid(page: Page, name: string): Promise<string> {
  const data = await graphqlAs<{ companies: { collection: { uuid: string; name: string }[] } }>(
    page.request,
    origin(page),
    'query ($s: String!) { companies(search: $s, limit: 10) { collection { uuid name } } }',
    { s: name },
  );
  const uuid = data.companies.collection.find((c) => c.name === name)?.uuid;
  if (!uuid) throw new Error(`demo company ${name} missing`);
  return uuid;
}

/** A customer's own company: where the app sends them after sign-in. */
async function ownCompany(page: Page): Promise<string> {
  await page.goto('/');
  await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/inbox/, { timeout: 60_000 });
  return new URL(page.url()).pathname.split('/')[1] ?? '';
}

interface ManualIds {
  readonly company: string;
  readonly workflow: string;
  readonly sweden: string;
}

/** The manual demo workflow unassigned from Borealis AB, its open runs there cancelled. */
async function manualUnassigned(page: Page, ids: ManualIds): Promise<void> {
  const runs = await graphqlAs<{ workflowInstances: { collection: { uuid: string }[] } }>(
    page.request,
    origin(page),
    `query ($c: ID!, $w: [ID!]) { workflowInstances(companyId: $c, workflowIds: $w, states: ["pending", "running", "failed"], limit: 250) {
      collection { uuid } } }`,
    { c: ids.company, w: [ids.workflow] },
  );
  for (const run of runs.workflowInstances.collection) {
    await graphqlAs(page.request, origin(page), 'mutation ($id: ID!) { cancelWorkflowInstance(workflowInstanceId: $id) { errors { code } } }', {
      id: run.uuid,
    });
  }
  await graphqlAs(
    page.request,
    origin(page),
    'mutation ($w: ID!, $c: ID!) { unassignWorkflowFromCompany(workflowId: $w, companyId: $c) { success errors { code } } }',
    { w: ids.workflow, c: ids.company },
  );
}

test.describe('company views', () => {
  test.describe.configure({ timeout: 240_000 });

  test('staff see company workflows and runs outside the admin panel, and runs across their companies', async ({ page }) => {
    await devLogin(page, 'agent@portico.test');
    await expect(page).not.toHaveURL(/\/auth\/dev/);
    const acme = await companyUuid(page, 'Acme Oy');
    await page.goto(`/${acme}/inbox`);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Workflows' }).click();
    await expect(page).toHaveURL(new RegExp(`/${acme}/company-workflows`));
    await expect(page.getByRole('heading', { level: 1, name: 'Company workflows' })).toBeVisible({ timeout: 60_000 });
    const row = page.getByRole('row', { name: new RegExp(DEMO) });
    await expect(row).toBeVisible();
    // an agent reads: no adding, editing or removing
    await expect(row.getByRole('link', { name: `Edit the triggers of ${DEMO}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Remove ${DEMO} from the company` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add workflow' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Runs', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${acme}/workflows-run`));
    await expect(page.getByRole('heading', { level: 1, name: 'Workflow runs' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start now' })).toHaveCount(0);
    const table = page.getByRole('table', { name: 'Workflow runs' });
    await expect(table.getByRole('columnheader', { name: 'State' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Company' })).toHaveCount(0);

    // across companies: the runs of every company the agent has, with the company named
    await page.getByRole('combobox', { name: 'Filter by company' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'All companies' }).click();
    await expect(page).toHaveURL(/table_workflow_runs=/);
    await expect(table.getByRole('columnheader', { name: 'Company' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the company card shows its views as a select on a phone and as tabs on a desktop', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await devLogin(page, 'admin@portico.test');
    await expect(page).not.toHaveURL(/\/auth\/dev/);
    const acme = await companyUuid(page, 'Acme Oy');
    await page.goto(`/companies/${acme}/customer-info`);
    const views = page.getByRole('navigation', { name: 'Company views' });
    const select = views.getByRole('combobox', { name: 'View' });
    await expect(select).toBeVisible({ timeout: 60_000 });
    await expect(views.getByRole('link')).toHaveCount(0);
    await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Countries$/ }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${acme}/countries`));
    await expect(page.locator('.ant-breadcrumb')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(views.getByRole('link')).toHaveCount(10);
    await expect(views.getByRole('link', { name: 'Countries' })).toHaveAttribute('aria-current', 'page');
  });

  test('the general tab shows the banners the company is shown, read-only, to provider staff', async ({ page }, testInfo) => {
    await devLogin(page, 'admin@portico.test');
    await expect(page).not.toHaveURL(/\/auth\/dev/);
    const kalev = await companyUuid(page, 'Kalev AS');
    // the demo has no banners: on a fresh run the view starts empty and says so
    const before = await graphqlAs<{ systemBanners: unknown[] }>(
      page.request,
      origin(page),
      'query ($c: ID!) { systemBanners(companyId: $c, action: "view_hidden") { id } }',
      { c: kalev },
    );
    await page.goto(`/companies/${kalev}/customer-info`);
    const view = page.getByTestId('hidden-view-banners');
    await expect(view.getByText('System banners')).toBeVisible({ timeout: 60_000 });
    if (before.systemBanners.length === 0) await expect(view.getByText("No banners are shown to the company's people.")).toBeVisible();
    const text = 'Kalev AS closes its books on Friday';
    await graphqlAs(
      page.request,
      origin(page),
      `mutation ($c: ID, $d: String!) { createSystemBanner(bannerGroup: "company", companyId: $c, bannerType: "warning",
        description: $d, dismissible: true, userTypes: ["customer"]) { errors { code message } } }`,
      { c: kalev, d: `<p>${text}, <strong>book now</strong></p>` },
    );
    await page.reload();
    const banner = view.getByTestId('hidden-view-banner').filter({ hasText: text });
    await expect(banner).toBeVisible({ timeout: 60_000 });
    await expect(banner.locator('strong', { hasText: 'book now' })).toBeVisible();
    await expect(banner.getByText('This company')).toBeVisible();
    await expect(banner.getByText('Customers')).toBeVisible();
    await expect(banner.getByRole('button')).toHaveCount(0); // read-only: no close, no edit
    await expectNoSeriousA11yViolations(page);
    await banner.scrollIntoViewIfNeeded(); // the frame scrolls, not the page
    await page.screenshot({ path: testInfo.outputPath('hidden-banners-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await banner.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('hidden-banners-390.png'), fullPage: true });

    // an agent of Acme Oy sees Acme's on Customer info, in Finnish
    await devLogin(page, 'agent@portico.test');
    await expect(page).not.toHaveURL(/\/auth\/dev/);
    await setUserLanguage(page, 'fi');
    try {
      const acme = await companyUuid(page, 'Acme Oy');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/${acme}/customer-info`);
      await expect(page.getByTestId('hidden-view-banners').getByText('Järjestelmäbannerit')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('hidden-view-banners').getByText('Bannereita ei voitu ladata')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await page.getByTestId('hidden-view-banners').scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('hidden-banners-fi-1440.png'), fullPage: true });
      // another company's hidden view is not the agent's to read
      const other = await page.request.post('/graphql/', {
        headers: { origin: origin(page) },
        data: { query: 'query ($c: ID!) { systemBanners(companyId: $c, action: "view_hidden") { id } }', variables: { c: kalev } },
      });
      const body = (await other.json()) as { errors?: { extensions?: { code?: string } }[] };
      expect(body.errors?.[0]?.extensions?.code).toBe('RECORD_NOT_FOUND');
    } finally {
      await setUserLanguage(page, 'en');
    }
  });

  test('the global Countries table draws SVG flags', async ({ page }) => {
    await devLogin(page, 'admin@portico.test');
    await expect(page).not.toHaveURL(/\/auth\/dev/);
    await page.goto('/portal-management/countries');
    const table = page.getByRole('table', { name: 'Countries and holidays' });
    await expect(table.getByRole('row').filter({ hasText: 'Finland' }).locator('svg[data-flag="fi"]')).toBeVisible({ timeout: 60_000 });
    await expect(table.getByRole('row').filter({ hasText: 'Sweden' }).locator('svg[data-flag="se"]')).toBeVisible();
  });

  test('a customer admin finds the e-mail settings and the accepted senders on the company profile', async ({ page }) => {
    await devLogin(page, 'anna@acme.test');
    await expect(page).not.toHaveURL(/\/auth\/dev/);
    const acme = await ownCompany(page);
    await page.goto(`/${acme}/company-profile`);
    await expect(page.getByRole('heading', { level: 2, name: 'E-mail settings' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('table', { name: 'E-mail settings' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Accepted senders' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Accepted e-mails', selected: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Accepted domains' }).click();
    await expect(page).toHaveURL(/[?&]tab=domains/);
    await expect(page.getByRole('searchbox', { name: 'Search domains' })).toBeVisible();
    // a customer admin may add, and deletes only in the admin panel
    await expect(page.getByRole('button', { name: 'Add domain' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('the manual demo workflow is listed and starts now with the parameters it asks for', async ({ page }) => {
    await devLogin(page, 'admin@portico.test');
    await expect(page).not.toHaveURL(/\/auth\/dev/);
    await page.goto('/workflows');
    await expect(page.getByRole('row', { name: new RegExp(MANUAL) }).first()).toBeVisible({ timeout: 60_000 });

    // on Borealis AB for Sweden, so Acme Oy's inbox stays as the demo has it
    const data = await graphqlAs<{
      workflows: { collection: { uuid: string; name: string }[] };
      countries: { id: string; code: string }[];
    }>(
      page.request,
      origin(page),
      'query ($w: String!) { workflows(search: $w, draft: false, limit: 10) { collection { uuid name } } countries { id code } }',
      { w: MANUAL },
    );
    const ids: ManualIds = {
      company: await companyUuid(page, 'Borealis AB'),
      workflow: data.workflows.collection.find((w) => w.name === MANUAL)?.uuid ?? '',
      sweden: data.countries.find((c) => c.code === 'se')?.id ?? '',
    };
    expect(ids.workflow).not.toBe('');
    await manualUnassigned(page, ids);
    const assigned = await graphqlAs<{ assignWorkflowToCompany: { companyWorkflow: { uuid: string } } }>(
      page.request,
      origin(page),
      'mutation ($w: ID!, $c: ID!, $k: ID!) { assignWorkflowToCompany(workflowId: $w, companyId: $c, countryId: $k) { companyWorkflow { uuid } } }',
      { w: ids.workflow, c: ids.company, k: ids.sweden },
    );
    await graphqlAs(
      page.request,
      origin(page),
      'mutation ($cw: ID!) { manageCompanyWorkflowTriggers(companyWorkflowId: $cw, workflowTriggers: [{ triggerType: "manual" }]) { errors { code } } }',
      { cw: assigned.assignWorkflowToCompany.companyWorkflow.uuid },
    );

    try {
      await page.goto(`/companies/${ids.company}/workflows-run`);
      await page.getByRole('button', { name: 'Start now' }).click();
      await page.getByRole('menuitem', { name: MANUAL }).click();
      const dialog = page.getByRole('dialog', { name: `Start ${MANUAL} now` });
      // the period is required; the corrections switch may stay off
      await dialog.getByRole('button', { name: 'Start now' }).click();
      await expect(dialog.getByText('The field is required.')).toBeVisible();
      await dialog.getByLabel('Reporting period').fill('2026-10');
      await dialog.getByLabel('Corrections to earlier periods').click();
      await dialog.getByRole('button', { name: 'Start now' }).click();
      await expect(page).toHaveURL(/workflow-details/, { timeout: 30_000 });
      await expect(page.getByText('period: 2026-10')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText('corrections: true')).toBeVisible();
      await expect(page.getByTestId('run-step').filter({ hasText: 'Prepare the VAT return' })).toHaveAttribute('data-state', 'running', {
        timeout: 60_000,
      });
    } finally {
      // Borealis AB as the demo has it
      await manualUnassigned(page, ids);
    }
  });
});
