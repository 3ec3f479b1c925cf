import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Signs in through the server's dev login page, as a person would: pick the user, submit. */
export async function devLogin(page: Page, email: string): Promise<void> {
  await page.goto('/auth/dev');
  const byValue = page.locator(`form:has([name="email"][value="${email}"])`);
  const byText = page.locator('form', { hasText: email });
  const form = byValue.or(byText).first();
  await expect(form).toBeVisible();
  await form.locator('button, input[type="submit"]').first().click();
}

/** Fails on serious or critical axe-core violations, listing them readably. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, serious.join('\n')).toEqual([]);
}
