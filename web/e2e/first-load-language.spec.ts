import { readFileSync } from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { setUserLanguage, storageStateOf } from './support';

// Translations are chunks fetched per language and namespace (app/i18n/i18n.ts): a first load
// in Finnish must paint Finnish from its first frame, never a translation key or the English
// text while the Finnish chunks are on their way. Every DOM state of the load is recorded
// (a MutationObserver set up before the app's scripts run) and checked, not only the last.

const NAMESPACES = ['common', 'inbox', 'thread'] as const;
type Texts = Record<string, string>;
const texts = (language: string, ns: string): Texts =>
  JSON.parse(readFileSync(new URL(`../src/locales/${language}/${ns}.json`, import.meta.url), 'utf8')) as Texts;

const keys: string[] = [];
const english = new Set<string>();
for (const ns of NAMESPACES) {
  const en = texts('en', ns);
  const fi = texts('fi', ns);
  for (const [key, value] of Object.entries(en)) {
    keys.push(key);
    // texts without placeholders that Finnish says otherwise
    if (!value.includes('{{') && value !== fi[key]) english.add(value);
  }
}

/** Problems of one recorded state of the page: keys or English texts on its lines. */
function problemsOf(snapshot: string): string[] {
  const lines = snapshot.split('\n').map((line) => line.trim()).filter(Boolean);
  return lines.flatMap((line) => [
    ...keys.filter((key) => line.includes(key)).map((key) => `key ${key} in "${line}"`),
    ...(english.has(line) ? [`English "${line}"`] : []),
  ]);
}

async function firstLoad(browser: Browser, storedLanguage: string | null) {
  const context = await browser.newContext({ storageState: storageStateOf('agent@portico.test') });
  await context.addInitScript((stored) => {
    if (stored) window.localStorage.setItem('portico.language', stored);
    const states: string[] = [];
    (window as unknown as { __states: string[] }).__states = states;
    const record = () => {
      const text = document.body?.innerText ?? '';
      if (text && states.at(-1) !== text) states.push(text);
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  }, storedLanguage);
  const page = await context.newPage();
  await page.goto('/inbox?all_companies=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Saapuneet' })).toBeVisible();
  await expect(page.getByText('Valitse keskustelu lukeaksesi sen')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  const states = await page.evaluate(() => (window as unknown as { __states: string[] }).__states);
  await context.close();
  return states;
}

test.describe('a first load in Finnish', () => {
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf('agent@portico.test') });
    const page = await context.newPage();
    await page.goto('/api/init.json');
    await setUserLanguage(page, 'fi');
    await context.close();
  });

  test.afterAll(async ({ browser }) => {
    // the choice is kept on the server: English again for the specs after this one
    const context = await browser.newContext({ storageState: storageStateOf('agent@portico.test') });
    const page = await context.newPage();
    await page.goto('/api/init.json');
    await setUserLanguage(page, 'en');
    await context.close();
  });

  for (const stored of ['fi', null]) {
    test(`shows Finnish from the first paint, no keys, no English (${stored ? 'Finnish kept in this browser' : 'a browser new to the user'})`, async ({
      browser,
    }) => {
      const states = await firstLoad(browser, stored);
      expect(states.length).toBeGreaterThan(0);
      expect(states.flatMap(problemsOf)).toEqual([]);
    });
  }
});
