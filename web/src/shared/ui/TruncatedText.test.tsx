import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TruncatedText } from './TruncatedText';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const widths = (el: HTMLElement, scroll: number, client: number) => {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scroll });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: client });
};

describe('TruncatedText', () => {
  it('shows the whole text after the pointer rests 1000 ms on a cut cell, and nothing on a whole one', () => {
    vi.useFakeTimers();
    render(
      <>
        <TruncatedText title="Payroll of December, the whole title">Payroll of Dec…</TruncatedText>
        <TruncatedText title="Short">Short</TruncatedText>
      </>,
    );
    const cut = screen.getByText('Payroll of Dec…');
    widths(cut, 300, 100);
    fireEvent.mouseEnter(cut);
    act(() => vi.advanceTimersByTime(900));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('tooltip').textContent).toContain('Payroll of December, the whole title');
    fireEvent.mouseLeave(cut);

    const whole = screen.getByText('Short');
    widths(whole, 100, 100);
    fireEvent.mouseEnter(whole);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Short', { selector: '.ant-tooltip-container, .ant-tooltip-inner' })).toBeNull();
  });
});
