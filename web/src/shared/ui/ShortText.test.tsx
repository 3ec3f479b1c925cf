import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShortText } from './ShortText';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const LONG = 'The receipts for November, with the bank statement and the travel invoices attached';

describe('ShortText', { timeout: 30_000 }, () => {
  it('shows a short text as it is', () => {
    render(<ShortText text="Receipts" />);
    expect(screen.getByText('Receipts')).toBeTruthy();
    expect(screen.queryByTestId('short-text')).toBeNull();
  });

  it('cuts a long text at 70 characters and gives the whole of it after the pointer rests 1000 ms', () => {
    vi.useFakeTimers();
    render(<ShortText text={LONG} />);
    const short = screen.getByTestId('short-text');
    expect(short.textContent).toBe(`${LONG.slice(0, 70).trimEnd()}…`);
    // screen readers get the whole text
    expect(screen.getByRole('note', { name: LONG })).toBe(short);
    fireEvent.mouseEnter(short);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe(LONG);
  });

  it('takes another maximum', () => {
    render(<ShortText text="Payroll for December" max={7} />);
    expect(screen.getByTestId('short-text').textContent).toBe('Payroll…');
  });
});
