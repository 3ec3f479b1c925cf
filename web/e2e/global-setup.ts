import { mkdirSync } from 'node:fs';
import { request, type FullConfig } from '@playwright/test';
import { SIGNED_IN_USERS, storageStateOf } from './support';

/**
 * Signs each demo user in once (POST /auth/dev, the dev login form's request) and keeps the
 * session cookie as a Playwright storage state, so that specs which only need to be signed in
 * start on their page (`test.use({ storageState: storageStateOf(email) })`) instead of going
 * through the login page every test. Specs about signing in keep `devLogin`.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
  mkdirSync(storageStateOf('').replace(/[^/]*$/, ''), { recursive: true });
  for (const email of SIGNED_IN_USERS) {
    // the browser's language, as devLogin's browser sends it (the first sign-in adopts it)
    const context = await request.newContext({ baseURL, extraHTTPHeaders: { 'Accept-Language': 'en-GB,en;q=0.9', Origin: baseURL } });
    const response = await context.post('/auth/dev', { form: { email }, maxRedirects: 0 });
    const state = await context.storageState({ path: storageStateOf(email) });
    if (!state.cookies.some((c) => c.name === 'portico_session' && c.value !== '')) {
      throw new Error(`dev login as ${email} gave no session (HTTP ${response.status()}); is dev login on at ${baseURL}?`);
    }
    await context.dispose();
  }
}
