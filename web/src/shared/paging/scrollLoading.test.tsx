import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { END_ROOT_MARGIN, nearEnd, nearStart, useScrollLoader, useThrottled } from './scrollLoading';

afterEach(() => vi.useRealTimers());

const el = (scrollTop: number, scrollHeight = 3000, clientHeight = 1000) => ({ scrollTop, scrollHeight, clientHeight });

describe('infinite loading thresholds', () => {
  it('load the next page within 0.4 of the height from the end, older entries within 0.3 from the start', () => {
    expect(nearEnd(el(1599))).toBe(false);
    expect(nearEnd(el(1600))).toBe(true);
    expect(nearStart(el(300))).toBe(true);
    expect(nearStart(el(301))).toBe(false);
    // A list with no height still waits for the 10 px trigger distance.
    expect(nearEnd(el(989, 1000, 0))).toBe(false);
    expect(nearEnd(el(990, 1000, 0))).toBe(true);
    expect(END_ROOT_MARGIN).toBe('0px 0px 40% 0px');
  });
});

describe('throttled loading', () => {
  it('runs at once, then once at the end of the second with the latest state', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const { result, rerender } = renderHook(({ label }) => useThrottled(() => calls.push(label)), { initialProps: { label: 'a' } });
    act(() => result.current());
    act(() => result.current());
    act(() => result.current());
    expect(calls).toEqual(['a']);
    rerender({ label: 'b' });
    act(() => vi.advanceTimersByTime(1000));
    expect(calls).toEqual(['a', 'b']);
  });

  it('asks for a page only near the edge, with more to load and none loading', () => {
    vi.useFakeTimers();
    const load = vi.fn();
    const { result, rerender } = renderHook(({ busy }) => useScrollLoader('end', { hasMore: true, busy, load }), {
      initialProps: { busy: true },
    });
    act(() => result.current(el(2000)));
    expect(load).not.toHaveBeenCalled();
    rerender({ busy: false });
    act(() => vi.advanceTimersByTime(1000));
    act(() => result.current(el(0)));
    expect(load).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    act(() => result.current(el(2000)));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
