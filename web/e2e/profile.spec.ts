import { expect, test } from '@playwright/test';
import { devLogin, expectNoSeriousA11yViolations, graphqlAs } from './support';

// My profile (issues 14 and 17 item 18): the language chosen there switches the app at once and
// is kept on the server, so the next sign-in starts in it.

test('a user switches to Finnish on My profile and the next sign-in is Finnish', async ({ browser, page, baseURL }) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1:18080').origin;
  const stamp = Date.now();
  const email = `lingua.${stamp}@borealis.test`;

  // A user of their own, so that no other test meets a Finnish interface.
  await devLogin(page, 'admin@portico.test');
  await expect(page).not.toHaveURL(/\/auth\/dev/);
  const { companies } = await graphqlAs<{ companies: { collection: { uuid: string; name: string }[] } }>(
    page.request,
    origin,
    '{ companies(search: "Borealis") { collection { uuid name } } }',
  );
  const borealis = companies.collection.find((c) => c.name === 'Borealis AB');
  expect(borealis).toBeTruthy();
  const created = await graphqlAs<{ createCompanyUser: { errors: unknown[] } }>(
    page.request,
    origin,
    `mutation ($companyId: ID!, $email: String!) {
      createCompanyUser(companyId: $companyId, name: "Lingua Franca", email: $email) { errors { code message } }
    }`,
    { companyId: borealis?.uuid, email },
  );
  expect(created.createCompanyUser.errors).toEqual([]);

  const context = await browser.newContext();
  const user = await context.newPage();
  await devLogin(user, email);
  await expect(user).toHaveURL(/\/inbox/);
  await user.goto('/my-profile');
  await expect(user.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(user.getByText('Lingua Franca').first()).toBeVisible();
  await expectNoSeriousA11yViolations(user);

  await user.getByRole('radio', { name: 'Suomi' }).check();
  await expect(user.getByRole('heading', { name: 'Oma profiili' })).toBeVisible();
  await expect(user.locator('html')).toHaveAttribute('lang', 'fi');

  // The edit modal saves the name (and the stored user is refreshed).
  await user.getByRole('button', { name: 'Muokkaa' }).click();
  const dialog = user.getByRole('dialog', { name: 'Muokkaa perustietoja' });
  await dialog.getByLabel('Koko nimi').fill('Lingua Suomi');
  await dialog.getByRole('button', { name: 'Tallenna' }).click();
  await expect(dialog).toBeHidden();
  await expect(user.getByText('Lingua Suomi').first()).toBeVisible();
  await context.close();

  // A new browser, a new sign-in: the server's choice holds.
  const again = await browser.newContext();
  const next = await again.newPage();
  await devLogin(next, email);
  await expect(next).toHaveURL(/\/inbox/);
  await next.goto('/my-profile');
  await expect(next.getByRole('heading', { name: 'Oma profiili' })).toBeVisible();
  await again.close();
});
