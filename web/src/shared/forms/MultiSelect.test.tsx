import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n/i18n';
import { MultiSelect } from './MultiSelect';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);
const SLOW = { timeout: 10_000 };

const COUNTRIES = [
  { value: 'fi', label: 'Finland' },
  { value: 'se', label: 'Sweden' },
  { value: 'ee', label: 'Estonia' },
];

function Harness({ initial }: { readonly initial: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MultiSelect aria-label="Countries" options={COUNTRIES} value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const open = () => fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Countries' }));
const selectAll = () => screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('MultiSelect', { timeout: 30_000 }, () => {
  it('selects every option, and none when all were chosen', async () => {
    render(<Harness initial={['se']} />);
    open();
    await vi.waitFor(() => expect(selectAll().checked).toBe(false), SLOW);
    fireEvent.click(selectAll());
    await vi.waitFor(() => expect(value()).toBe('se,fi,ee'), SLOW);
    expect(selectAll().checked).toBe(true);
    fireEvent.click(selectAll());
    await vi.waitFor(() => expect(value()).toBe(''), SLOW);
    expect(selectAll().checked).toBe(false);
  });

  it('is on only when every option is chosen', async () => {
    render(<Harness initial={['fi', 'se', 'ee']} />);
    open();
    await vi.waitFor(() => expect(selectAll().checked).toBe(true), SLOW);
  });
});
