import { expect, test, type Locator, type Page } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations } from './support';

// The admin draws a workflow on the canvas, is shown what the server refuses on its nodes,
// fixes it, saves a draft, publishes, edits with undo/redo, copy/paste and auto-layout,
// and opens the details of a run of it.

const node = (page: Page, type: string): Locator => page.locator(`[data-node-type="${type}"]`);
const wrapperOf = (inner: Locator): Locator => inner.locator('xpath=ancestor::div[contains(@class,"react-flow__node")][1]');

async function positionOf(inner: Locator): Promise<string> {
  return (await wrapperOf(inner).getAttribute('style'))?.match(/translate\([^)]*\)/)?.[0] ?? '';
}

async function connect(page: Page, from: Locator, to: Locator): Promise<void> {
  const before = await page.locator('.react-flow__edge').count();
  await from.hover();
  await page.mouse.down();
  const box = await to.boundingBox();
  if (!box) throw new Error('target handle not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.locator('.react-flow__edge')).toHaveCount(before + 1);
}

async function graphql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await page.request.post('/graphql/', { data: { query, variables } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

test.describe('workflow designer', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin draws, fixes, saves, publishes and edits a workflow, then opens a run of it', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const name = `E2E designer ${Date.now().toString(36)}`;
    await devLogin(page, 'admin@portico.test');
    await page.goto('/workflows/create');

    // general info
    await page.getByRole('tab', { name: 'General info' }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Category').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    // a new workflow has no countries yet: the choice is every country
    await page.getByLabel('Countries').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
    await page.keyboard.press('Escape');

    // drag start → task → approval → two ends onto the canvas
    const canvas = page.getByTestId('workflow-canvas');
    const drops: [string, number, number][] = [
      ['start', 200, 60],
      ['task', 200, 170],
      ['approval', 200, 300],
      ['end', 80, 450],
      ['end', 360, 450],
    ];
    for (const [type, x, y] of drops) {
      await page.getByTestId(`palette-${type}`).dragTo(canvas, { targetPosition: { x, y } });
    }
    await expect(page.locator('.react-flow__node')).toHaveCount(5);
    await expectNoSeriousA11yViolations(page);

    const source = (n: Locator, handle?: string) =>
      n.locator(handle ? `.react-flow__handle.source[data-handleid="${handle}"]` : '.react-flow__handle.source');
    const target = (n: Locator) => n.locator('.react-flow__handle.target');
    await connect(page, source(node(page, 'start')), target(node(page, 'task')));
    await connect(page, source(node(page, 'task')), target(node(page, 'approval')));
    await connect(page, source(node(page, 'approval'), 'approved'), target(node(page, 'end').nth(0)));
    await connect(page, source(node(page, 'approval'), 'rejected'), target(node(page, 'end').nth(1)));

    // the tasks have no titles: publishing is refused and the errors are drawn on the nodes
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect(node(page, 'task')).toHaveAttribute('data-invalid', 'true');
    await expect(node(page, 'task')).toContainText('A task needs a title');
    const issues = page.getByTestId('workflow-issues');
    await expect(issues).toContainText('A task needs a title');
    await expect(page.locator('.react-flow__node')).toHaveCount(5);
    await expect(page).toHaveURL(/\/workflows\/create$/);

    // the panel focuses the node; its title is filled in the sidebar
    await issues.getByRole('button', { name: /^Task: / }).first().click();
    await page.getByTestId('node-title').fill('Collect receipts');
    await node(page, 'approval').click();
    await page.getByTestId('node-title').fill('Approve the closing');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/workflows\/[^/]+\/edit$/);
    await expect(page.getByTestId('workflow-editor-name')).toContainText('Draft');
    const workflowId = /\/workflows\/([^/]+)\/edit$/.exec(page.url())?.[1] ?? '';

    await page.reload();
    await expect(page.locator('.react-flow__node')).toHaveCount(5);
    await expect(page.locator('.react-flow__edge')).toHaveCount(4);
    await expect(node(page, 'task')).toContainText('Collect receipts');

    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect(page.getByTestId('workflow-editor-name')).toContainText('Published, version 1');
    await expect(page.getByRole('button', { name: 'Update workflow' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);

    // undo and redo a move
    const task = node(page, 'task');
    const start = await positionOf(task);
    const box = await task.boundingBox();
    if (!box) throw new Error('task not visible');
    await page.mouse.move(box.x + 30, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 250, box.y + 10, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => positionOf(task)).not.toBe(start);
    const moved = await positionOf(task);
    await page.getByTestId('editor-undo').click();
    await expect.poll(() => positionOf(task)).toBe(start);
    await page.getByTestId('editor-redo').click();
    await expect.poll(() => positionOf(task)).toBe(moved);

    // copy and paste a node, then take it back with Ctrl+Z
    await task.click();
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await expect(node(page, 'task')).toHaveCount(2);
    await page.keyboard.press('Control+z');
    await expect(node(page, 'task')).toHaveCount(1);

    // auto-layout puts the steps top to bottom
    await page.getByTestId('editor-auto-layout').click();
    await expect
      .poll(async () => {
        const ys = await Promise.all(['start', 'task', 'approval'].map(async (t) => (await node(page, t).boundingBox())?.y ?? 0));
        return ys[0]! < ys[1]! && ys[1]! < ys[2]!;
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Update workflow' }).click();
    await expect(page.getByTestId('workflow-editor-name')).toContainText('Published, version 2');

    // a run of it at Acme Oy, and its details
    const { companies } = await graphql<{ companies: { collection: { uuid: string; name: string; countries: { id: string }[] }[] } }>(
      page,
      'query($search: String) { companies(search: $search, limit: 10) { collection { uuid name countries { id } } } }',
      { search: 'Acme' },
    );
    const acme = companies.collection.find((c) => c.name === 'Acme Oy');
    const countryId = acme?.countries[0]?.id;
    expect(acme && countryId).toBeTruthy();
    await graphql(page, 'mutation($id: ID!, $c: [ID!]) { updateWorkflow(workflowId: $id, countries: $c) { errors { code message } } }', {
      id: workflowId,
      c: [countryId],
    });
    const assigned = await graphql<{ assignWorkflowToCompany: { companyWorkflow: { uuid: string } } }>(
      page,
      'mutation($w: ID!, $c: ID!, $n: ID!) { assignWorkflowToCompany(workflowId: $w, companyId: $c, countryId: $n) { companyWorkflow { uuid } errors { code message } } }',
      { w: workflowId, c: acme?.uuid, n: countryId },
    );
    const started = await graphql<{ startWorkflowInstance: { workflowInstance: { uuid: string } } }>(
      page,
      'mutation($id: ID!) { startWorkflowInstance(companyWorkflowId: $id) { workflowInstance { uuid } errors { code message } } }',
      { id: assigned.assignWorkflowToCompany.companyWorkflow.uuid },
    );
    await page.goto(`/companies/${acme?.uuid}/workflows-run/workflow-details/${started.startWorkflowInstance.workflowInstance.uuid}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('workflow-details-version')).toHaveText('2');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).or(page.locator('.ant-breadcrumb'))).toContainText('Acme Oy');
    await expect(page.locator('.react-flow__node')).toHaveCount(5);
    await expect(node(page, 'task')).toContainText('Collect receipts');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
