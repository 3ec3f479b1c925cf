import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { devLogin } from './support';

/** Calls the portal's GraphQL endpoint as the signed-in user of a page's context. */
export async function graphql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await request.post('/graphql/', { data: { query, variables } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  expect(body.errors ?? [], JSON.stringify(body.errors)).toEqual([]);
  return body.data as T;
}

/** The uuid of a company the signed-in user belongs to, by name. */
export async function companyId(page: Page, name: string): Promise<string> {
  const response = await page.request.get('/api/init.json');
  const init = (await response.json()) as { companies: { uuid: string; name: string; categories: { id: string; name: string }[] }[] };
  const company = init.companies.find((c) => c.name === name);
  if (!company) throw new Error(`no company ${name}`);
  return company.uuid;
}

/**
 * Signs a user in in a new browser context and starts a thread of their own in a
 * company's Accounting category, so that each test works on a thread nobody else touches.
 */
export async function startThreadAs(
  browser: Browser,
  email: string,
  company: string,
  title: string,
  description = '<p>Opened by an end-to-end test.</p>',
): Promise<{ page: Page; companyId: string; taskId: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await devLogin(page, email);
  await expect(page).not.toHaveURL(/\/auth\/dev/);
  const id = await companyId(page, company);
  const data = await graphql<{ createTask: { task: { uuid: string } | null; errors: unknown[] } }>(
    page.request,
    `mutation ($companyId: ID!, $title: String!, $description: String) {
      createTask(companyId: $companyId, categoryId: "1", title: $title, description: $description) {
        task { uuid }
        errors { code message }
      }
    }`,
    { companyId: id, title, description },
  );
  expect(data.createTask.errors).toEqual([]);
  const taskId = data.createTask.task?.uuid;
  if (!taskId) throw new Error('no thread created');
  return { page, companyId: id, taskId, close: () => context.close() };
}

/** A title nobody else uses. */
export const uniqueTitle = (what: string): string => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Opens a thread of the inbox by its address, as following a link to it does. */
export async function openThread(page: Page, companyId: string, taskId: string, title: string): Promise<void> {
  await page.goto(`/${companyId}/inbox/${taskId}`);
  // The first load of a page fetches its code as well: give a busy machine time.
  await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 45_000 });
}
