import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { devLogin } from './support';

async function graphql<T>(request: APIRequestContext, origin: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await request.post('/graphql/', { headers: { Origin: origin }, data: { query, variables } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** The number the Inbox badge stands for (0 when it is hidden). */
async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByTestId('inbox-unread-badge');
  if ((await badge.count()) === 0) return 0;
  const label = (await badge.getAttribute('aria-label')) ?? '';
  return Number.parseInt(label, 10);
}

interface Init {
  companies: { uuid: string; name: string; categories: { id: string; name: string }[] }[];
}

test('the unread badge follows new threads and reads without reload', async ({ browser, baseURL }) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1:18080').origin;
  const annaContext = await browser.newContext();
  const anna = await annaContext.newPage();
  await devLogin(anna, 'anna@acme.test');
  await expect(anna).toHaveURL(/\/inbox/);
  const nav = anna.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: /Inbox/ })).toBeVisible();
  // The badge's first answer has arrived once the count query has settled.
  await anna.waitForLoadState('networkidle');
  const before = await unreadBadge(anna);
  test.skip(before >= 99, 'the badge is capped at +99: a new thread would not show');

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await devLogin(agent, 'agent@portico.test');
  await expect(agent).toHaveURL(/\/inbox/);
  const init = (await (await agent.request.get('/api/init.json')).json()) as Init;
  const acme = init.companies.find((c) => c.name === 'Acme Oy');
  const accounting = acme?.categories.find((c) => c.name === 'Accounting');
  expect(acme && accounting).toBeTruthy();

  const created = await graphql<{ createTask: { task: { uuid: string } | null; errors: unknown[] } }>(
    agent.request,
    origin,
    `mutation ($companyId: ID!, $categoryId: ID!, $title: String!) {
      createTask(companyId: $companyId, categoryId: $categoryId, title: $title, description: "<p>Please have a look</p>") {
        task { uuid } errors { code message }
      }
    }`,
    { companyId: acme?.uuid, categoryId: accounting?.id, title: `Badge check ${Date.now()}` },
  );
  expect(created.createTask.errors).toEqual([]);
  const taskId = created.createTask.task?.uuid;

  await expect.poll(() => unreadBadge(anna)).toBe(before + 1);

  // Anna reads it (elsewhere): the badge goes back down, still without reload.
  await graphql(
    anna.request,
    origin,
    'mutation ($taskId: ID!) { changeTaskUnread(taskId: $taskId, unreadStatus: false) { errors { code message } } }',
    { taskId },
  );
  await expect.poll(() => unreadBadge(anna)).toBe(before);

  await agentContext.close();
  await annaContext.close();
});
