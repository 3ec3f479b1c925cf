import { act, cleanup, render, screen } from '@testing-library/react';
import { Input, Select } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../app/i18n/i18n';
import { useClearable } from './useClearable';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);
afterAll(async () => {
  await changeLanguage('en');
});

function Picker() {
  return <Select aria-label="Country" allowClear={useClearable()} value="fi" options={[{ value: 'fi', label: 'Finland' }]} />;
}

function Search() {
  return <Input aria-label="Search" allowClear={useClearable()} value="text" onChange={() => {}} />;
}

describe('useClearable', () => {
  it.each([
    ['en', 'Clear'],
    ['fi', 'Tyhjennä'],
    ['sv', 'Rensa'],
  ] as const)("names a Select's clear button in %s, with antd's icon", async (language, name) => {
    await act(() => changeLanguage(language));
    render(<Picker />);
    const clear = screen.getByRole('button', { name });
    expect(clear.querySelector('.anticon-close-circle')).toBeTruthy();
  });

  it.each([
    ['fi', 'Tyhjennä'],
    ['sv', 'Rensa'],
  ] as const)("names an Input's clear button in %s", async (language, name) => {
    await act(() => changeLanguage(language));
    render(<Search />);
    expect(screen.getByRole('button', { name }).querySelector('.anticon-close-circle')).toBeTruthy();
  });
});
