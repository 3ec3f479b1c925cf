import { cleanup, render, screen } from '@testing-library/react';
import { ConfigProvider, Modal, Pagination } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAntdLocale, useAntdLocale } from './antdLocale';
import type { Language } from './languages';

afterEach(cleanup);

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

  it.each([
    ['en', 'Page Size', 'Choose a week'],
    ['fi', 'Sivun koko', 'Valitse viikko'],
    ['sv', 'sidstorlek', 'Välj vecka'],
  ] as const)('leaves nothing of antd in English or another language in %s', async (language, pageSize, weekSelect) => {
    const locale = await loadAntdLocale(language);
    expect(locale.Pagination?.page_size).toBe(pageSize);
    expect(locale.DatePicker?.lang.weekSelect).toBe(weekSelect);
    if (language === 'fi') expect(locale.Pagination?.jump_to_confirm).toBe('Vahvista');
  });
});

/** The shell's ConfigProvider as App gives it: antd's locale follows the interface language. */
function Shell({ language }: { readonly language: Language }) {
  return (
    <ConfigProvider locale={useAntdLocale(language)}>
      <Pagination total={100} showSizeChanger />
      <Modal open title="Dialog" footer={null}>
        Body
      </Modal>
    </ConfigProvider>
  );
}

describe('useAntdLocale', () => {
  it("gives antd's own labels in the interface language, and follows a switch", async () => {
    const { rerender } = render(<Shell language="fi" />);
    expect(await screen.findByRole('button', { name: 'Sulje' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sivun koko' })).toBeTruthy();
    expect(screen.getByTitle('Seuraava sivu')).toBeTruthy();
    rerender(<Shell language="sv" />);
    expect(await screen.findByRole('button', { name: 'Stäng' })).toBeTruthy();
    expect(screen.getByTitle('Nästa sida')).toBeTruthy();
    rerender(<Shell language="en" />);
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.getByTitle('Next Page')).toBeTruthy();
  });
});
