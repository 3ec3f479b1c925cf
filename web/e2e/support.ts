import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** The demo users global-setup.ts signs in once per run (storageStateOf). */
export const SIGNED_IN_USERS = ['admin@portico.test', 'agent@portico.test', 'agentadmin@portico.test', 'anna@acme.test'] as const;

/**
 * The storage state (session cookie) global-setup.ts keeps for a demo user of SIGNED_IN_USERS:
 * `test.use({ storageState: storageStateOf('agent@portico.test') })`, or
 * `browser.newContext({ storageState: storageStateOf(...) })`, starts a test signed in. For specs
 * that only need to be signed in; a spec that signs out, or is about signing in, uses devLogin.
 */
export function storageStateOf(email: string): string {
  // each lane of scripts/e2e.sh signs in on a server of its own (PORTICO_E2E_LANE: "1/2")
  const lane = process.env.PORTICO_E2E_LANE?.replace('/', '-of-') ?? 'all';
  return fileURLToPath(new URL(`../../var/e2e-auth/${lane}/${email}.json`, import.meta.url));
}

/** Signs in through the server's dev login page, as a person would: pick the user, submit. */
export async function devLogin(page: Page, email: string): Promise<void> {
  await page.goto('/auth/dev');
  const byValue = page.locator(`form:has([name="email"][value="${email}"])`);
  const byText = page.locator('form', { hasText: email });
  const form = byValue.or(byText).first();
  await expect(form).toBeVisible();
  await form.locator('button, input[type="submit"]').first().click();
}

async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Fails on serious or critical axe-core violations of the settled page, listing them readably.
 * Axe judges one instant: a list still loading or a popup half-rendered can show a violation
 * that is gone a moment later, so the page first settles (loaded, no spinners) and a
 * violation must still be there when axe looks again. (Not 'networkidle': Playwright's
 * idle detection can wait forever on a page that is in fact quiet.) One axe pass can take
 * seconds on a busy machine, so the retries have a generous budget.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  await expect(async () => {
    const serious = await seriousA11yViolations(page);
    expect(serious, serious.join('\n')).toEqual([]);
  }).toPass({ intervals: [500, 1000, 2000], timeout: 30_000 });
}

/**
 * A GraphQL call with the page's session cookie (for setting up or restoring state around a
 * test); the server checks the Origin of state-changing requests. Fails on any error.
 */
export async function graphqlAs<T>(
  request: APIRequestContext,
  origin: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await request.post('/graphql/', { headers: { Origin: origin }, data: { query, variables } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/**
 * Stores the signed-in user's language on the server (as the profile menu does), so the next
 * page load starts in it: the server's choice wins over the browser's. Tests that switch the
 * language put English back this way, since the choice outlives their browser.
 */
export async function setUserLanguage(page: Page, language: 'en' | 'fi' | 'sv'): Promise<void> {
  const origin = new URL(page.url()).origin;
  const init = await page.request.get('/api/init.json');
  expect(init.ok(), await init.text()).toBe(true);
  const { user } = (await init.json()) as { user: { uuid: string } };
  const data = await graphqlAs<{ updateUser: { errors: { message: string }[] } }>(
    page.request,
    origin,
    'mutation ($userId: ID!, $language: String) { updateUser(userId: $userId, language: $language) { errors { message } } }',
    { userId: user.uuid, language },
  );
  expect(data.updateUser.errors).toEqual([]);
}

/**
 * A new customer user of Borealis AB (Accounting) made by the global admin, signed in on
 * `page` to do it: for a test that changes the user's own settings (its language), which no
 * other test may meet. Answers the user's e-mail.
 */
export async function createBorealisUser(page: Page, origin: string, name: string, email: string): Promise<string> {
  await devLogin(page, 'admin@portico.test');
  await expect(page).not.toHaveURL(/\/auth\/dev/);
  const init = (await (await page.request.get('/api/init.json')).json()) as {
    companies: { uuid: string; name: string; categories: { id: string; name: string }[] }[];
  };
  const borealis = init.companies.find((c) => c.name === 'Borealis AB');
  const accounting = borealis?.categories.find((c) => c.name === 'Accounting');
  expect(borealis && accounting).toBeTruthy();
  const created = await graphqlAs<{ createCompanyUser: { errors: unknown[] } }>(
    page.request,
    origin,
    `mutation ($companyId: ID!, $name: String!, $email: String!, $categoryId: ID!) {
      createCompanyUser(companyId: $companyId, name: $name, email: $email, categoryIds: [$categoryId]) {
        errors { code message }
      }
    }`,
    { companyId: borealis?.uuid, name, email, categoryId: accounting?.id },
  );
  expect(created.createCompanyUser.errors).toEqual([]);
  return email;
}

/** Signs a user in in a browser context of its own and opens My profile. */
export async function openMyProfileAs(browser: Browser, email: string): Promise<{ readonly context: BrowserContext; readonly page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await devLogin(page, email);
  await expect(page).toHaveURL(/\/inbox/, { timeout: 60_000 });
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible({ timeout: 60_000 });
  return { context, page };
}

/** The search_filters query parameter for these inbox or tasks filters (`search_filters=...`). */
export function searchFiltersQuery(filters: Record<string, unknown>): string {
  return new URLSearchParams({ search_filters: JSON.stringify(filters) }).toString();
}

/** The filters the page's address holds in search_filters (an empty object for none). */
export function searchFiltersOf(page: Page): Record<string, unknown> {
  const text = new URL(page.url()).searchParams.get('search_filters');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * Holds the answers of the GraphQL operation `operationName` until the returned release is
 * called, so that a test can see (and photograph) a screen's loading state.
 */
export async function holdOperation(page: Page, operationName: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname.startsWith('/graphql'), async (route) => {
    if ((route.request().postDataJSON() as { operationName?: string } | null)?.operationName === operationName) await held;
    await route.fallback();
  });
  return release;
}
