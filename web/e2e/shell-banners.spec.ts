import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { devLogin, graphqlAs } from './support';
import { startThreadAs, uniqueTitle } from './threadSupport';

// The admin manages global banners through GraphQL with their session cookie.

interface Banner {
  id: string;
  bannerType: string;
  userTypes: string[];
}

/** Only one global banner of a type per audience may exist: clear the customers' ones of a type. */
async function clearCustomerBanners(request: APIRequestContext, origin: string, bannerType: string): Promise<void> {
  const { systemBanners } = await graphqlAs<{ systemBanners: Banner[] }>(
    request,
    origin,
    'query { systemBanners(bannerGroup: "global") { id bannerType userTypes } }',
  );
  for (const banner of systemBanners) {
    if (banner.bannerType === bannerType && banner.userTypes.includes('customer')) {
      await graphqlAs(request, origin, 'mutation ($id: ID!) { deleteSystemBanner(id: $id) { success errors { code message } } }', {
        id: banner.id,
      });
    }
  }
}

/** The admin, signed in, with no customers' global banner of a type left. */
async function adminWithoutCustomerBanners(
  browser: Browser,
  origin: string,
  bannerType: string,
): Promise<{ admin: Page; adminContext: BrowserContext }> {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await devLogin(admin, 'admin@portico.test');
  await expect(admin).not.toHaveURL(/\/auth\/dev/);
  await clearCustomerBanners(admin.request, origin, bannerType);
  return { admin, adminContext };
}

/** Creates a global banner for customers; answers its id. */
async function createCustomerBanner(
  request: APIRequestContext,
  origin: string,
  banner: { bannerType: string; description: string; dismissible: boolean },
): Promise<string> {
  const created = await graphqlAs<{ createSystemBanner: { systemBanner: { id: string } | null; errors: unknown[] } }>(
    request,
    origin,
    `mutation ($bannerType: String!, $description: String!, $dismissible: Boolean!) {
      createSystemBanner(bannerGroup: "global", bannerType: $bannerType, description: $description, dismissible: $dismissible,
        userTypes: ["customer"]) { systemBanner { id } errors { code message } }
    }`,
    banner,
  );
  expect(created.createSystemBanner.errors).toEqual([]);
  return created.createSystemBanner.systemBanner?.id ?? '';
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

    const { admin, adminContext } = await adminWithoutCustomerBanners(browser, origin, 'info');

    const bannerId = await createCustomerBanner(admin.request, origin, {
      bannerType: 'info',
      description: `<p>${unique} <strong>from 22 to 23</strong></p>`,
      dismissible: true,
    });

    try {
      const banner = anna.getByTestId('system-banner').filter({ hasText: unique });
      await expect(banner).toBeVisible();
      await expect(banner.locator('strong')).toHaveText('from 22 to 23');
      // a <p> banner is as tall as its line: the paragraph keeps no margins (hfix2 item 2)
      await expect(banner.locator('p')).toHaveCSS('margin-block-start', '0px');
      await expect(banner.locator('p')).toHaveCSS('margin-block-end', '0px');
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

  // Issue 17 item 1: a banner takes its height from the frame, and the panes below shrink.
  test('with a banner shown the shell still fits the viewport, the composer in view', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL ?? 'http://127.0.0.1:18080').origin;
    const unique = `Planned upgrade ${Date.now()}`;
    // A warning banner: the test above owns the customers' info banner.
    const { admin, adminContext } = await adminWithoutCustomerBanners(browser, origin, 'warning');
    const bannerId = await createCustomerBanner(admin.request, origin, {
      bannerType: 'warning',
      description: `<p>${unique}: the portal is read-only on Saturday from 8 to 12 while the servers are moved.</p>`,
      dismissible: false,
    });
    const title = uniqueTitle('Banner fit');
    const anna = await startThreadAs(browser, 'anna@acme.test', 'Acme Oy', title);
    try {
      for (const size of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await anna.page.setViewportSize(size);
        await anna.page.goto(`/${anna.companyId}/inbox/${anna.taskId}`);
        await expect(anna.page.getByRole('heading', { name: title })).toBeVisible({ timeout: 45_000 });
        await expect(anna.page.getByTestId('system-banner').filter({ hasText: unique })).toBeVisible();
        const send = anna.page.getByRole('button', { name: 'Send' });
        await expect(send).toBeVisible();
        await expect
          .poll(() => anna.page.evaluate(() => (document.scrollingElement?.scrollHeight ?? 0) - window.innerHeight), {
            message: `the document does not scroll at ${size.width}x${size.height}`,
          })
          .toBeLessThanOrEqual(0);
        const box = await send.boundingBox();
        expect(box, 'the Send button has a box').not.toBeNull();
        expect((box?.y ?? 0) + (box?.height ?? 0), `Send is above the fold at ${size.width}x${size.height}`).toBeLessThanOrEqual(
          size.height,
        );
        expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      }
    } finally {
      if (bannerId) {
        await graphqlAs(admin.request, origin, 'mutation ($id: ID!) { deleteSystemBanner(id: $id) { success } }', { id: bannerId });
      }
      await anna.close();
      await adminContext.close();
    }
  });
});
