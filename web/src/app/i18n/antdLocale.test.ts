import { describe, expect, it } from 'vitest';
import { loadAntdLocale } from './antdLocale';

describe('loadAntdLocale', () => {
  it.each([
    ['en', 'en'],
    ['fi', 'fi'],
    ['sv', 'sv'],
  ] as const)("gives antd's %s texts", async (language, locale) => {
    expect((await loadAntdLocale(language)).locale).toBe(locale);
  });

  it('fetches a language once', async () => {
    expect(await loadAntdLocale('fi')).toBe(await loadAntdLocale('fi'));
  });
});
