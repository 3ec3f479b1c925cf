import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { devLogin, graphqlAs } from './support';

// The admin manages global banners through GraphQL with their session cookie.

interface Banner {
  id: string;
  bannerType: string;
  userTypes: string[];
}

/** Only one global banner of a type per audience may exist: clear the info ones for customers. */
async function clearCustomerInfoBanners(request: APIRequestContext, origin: string): Promise<void> {
  const { systemBanners } = await graphqlAs<{ systemBanners: Banner[] }>(
    request,
    origin,
    'query { systemBanners(bannerGroup: "global") { id bannerType userTypes } }',
  );
  for (const banner of systemBanners) {
    if (banner.bannerType === 'info' && banner.userTypes.includes('customer')) {
      await graphqlAs(request, origin, 'mutation ($id: ID!) { deleteSystemBanner(id: $id) { success errors { code message } } }', {
        id: banner.id,
      });
    }
  }
}

const noReloadMarker = (page: Page) => page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload === true);

test.describe('system banners', () => {
  test('a customer sees a new global banner appear without reload and dismisses it', async ({ browser, baseURL }) => {
    const origin = new URL(baseURL ?? 'http://127.0.0.1:18080').origin;
    const unique = `Maintenance tonight ${Date.now()}`;

    const annaContext = await browser.newContext();
    const anna = await annaContext.newPage();
    await devLogin(anna, 'anna@acme.test');
    await expect(anna).toHaveURL(/\/inbox/);
    await expect(anna.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await noReloadMarker(anna);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await devLogin(admin, 'admin@portico.test');
    await expect(admin).not.toHaveURL(/\/auth\/dev/);
    await clearCustomerInfoBanners(admin.request, origin);

    const created = await graphqlAs<{ createSystemBanner: { systemBanner: { id: string } | null; errors: unknown[] } }>(
      admin.request,
      origin,
      `mutation ($description: String!) {
        createSystemBanner(bannerGroup: "global", bannerType: "info", description: $description, dismissible: true,
          userTypes: ["customer"]) { systemBanner { id } errors { code message } }
      }`,
      { description: `<p>${unique} <strong>from 22 to 23</strong></p>` },
    );
    expect(created.createSystemBanner.errors).toEqual([]);
    const bannerId = created.createSystemBanner.systemBanner?.id ?? '';

    try {
      const banner = anna.getByTestId('system-banner').filter({ hasText: unique });
      await expect(banner).toBeVisible();
      await expect(banner.locator('strong')).toHaveText('from 22 to 23');
      expect(await stillSamePage(anna)).toBe(true);

      await banner.getByRole('button', { name: 'Dismiss banner' }).click();
      await expect(banner).toHaveCount(0);

      // Dismissed for good: the server no longer lists it for anna.
      await anna.reload();
      await expect(anna.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await expect(anna.getByTestId('system-banner').filter({ hasText: unique })).toHaveCount(0);
    } finally {
      if (bannerId) {
        await graphqlAs(admin.request, origin, 'mutation ($id: ID!) { deleteSystemBanner(id: $id) { success } }', { id: bannerId });
      }
      await adminContext.close();
      await annaContext.close();
    }
  });
});
