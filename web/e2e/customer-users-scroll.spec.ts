import { expect, test } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, graphqlAs } from './support';

// Pages load their code and translations on first use, which a busy machine makes slow.
const LOAD = 60_000;
const PAGE = 30;
const READERS = PAGE + 5;

// Customer users load on scroll (spec 002 §2.3, issue 14): 35 customers of Kalev AS matching one search fill a
// page of 30; scrolling to the list's end loads the other 5 and the list says everything is shown. The readers
// stay for the next run (it creates only those missing), so the demo's own users are untouched.

test('the customer-users list loads its next page as its end scrolls into view', async ({ page, baseURL }) => {
  test.setTimeout(300_000); // 35 users made on a first run
  const origin = new URL(baseURL ?? 'http://127.0.0.1:18080').origin;
  await devLogin(page, 'admin@portico.test');
  await expect(page).not.toHaveURL(/\/auth\/dev/);
  const init = (await (await page.request.get('/api/init.json')).json()) as {
    companies: { uuid: string; name: string; categories: { id: string }[] }[];
  };
  const kalev = init.companies.find((c) => c.name === 'Kalev AS');
  const category = kalev?.categories[0];
  expect(kalev && category).toBeTruthy();

  const existing = await graphqlAs<{ users: { collection: { email: string }[] } }>(
    page.request,
    origin,
    `query { users(userType: "customer", search: "scroll.reader", page: 1, limit: 100) { collection { email } } }`,
  );
  const have = new Set(existing.users.collection.map((u) => u.email));
  for (let n = 1; n <= READERS; n += 1) {
    const email = `scroll.reader${String(n).padStart(2, '0')}@kalev.test`;
    if (have.has(email)) continue;
    const created = await graphqlAs<{ createCompanyUser: { errors: unknown[] } }>(
      page.request,
      origin,
      `mutation ($companyId: ID!, $name: String!, $email: String!, $categoryId: ID!) {
        createCompanyUser(companyId: $companyId, name: $name, email: $email, categoryIds: [$categoryId]) { errors { code message } }
      }`,
      { companyId: kalev?.uuid, name: `Scroll Reader${String(n).padStart(2, '0')}`, email, categoryId: category?.id },
    );
    expect(created.createCompanyUser.errors).toEqual([]);
  }

  await page.goto('/customer-users');
  const table = page.getByRole('table', { name: 'Customer users' });
  await expect(table).toBeVisible({ timeout: LOAD });
  await page.getByLabel('Search by name or e-mail').fill('scroll.reader');
  const readers = table.getByRole('row', { name: /Scroll Reader/ });
  await expect(readers).toHaveCount(PAGE, { timeout: LOAD });
  await expect(page.getByRole('button', { name: `Show more (${READERS - PAGE})` })).toBeVisible();
  await expect(page.locator('.ant-pagination')).toHaveCount(0);

  // scrolling to the end loads the rest
  await readers.last().scrollIntoViewIfNeeded();
  await page.getByTestId('list-end').scrollIntoViewIfNeeded();
  await expect(readers).toHaveCount(READERS, { timeout: LOAD });
  await expect(page.getByText(`All ${READERS} shown`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Show more/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
