import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMountWhenIdle } from './useMountWhenIdle';

describe('useMountWhenIdle', () => {
  // jsdom has no requestIdleCallback: the hook falls back to a timer, which the fake clock runs
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('mounts at once when asked to', () => {
    const { result } = renderHook(() => useMountWhenIdle(true));
    expect(result.current.mounted).toBe(true);
  });

  it('waits for the browser to be idle, then mounts for good', () => {
    const { result, rerender } = renderHook(({ now }) => useMountWhenIdle(now), { initialProps: { now: false } });
    expect(result.current.mounted).toBe(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.mounted).toBe(true);
    rerender({ now: false });
    expect(result.current.mounted).toBe(true);
  });

  it('mounts before the idle time when mount() is called or when shown', () => {
    const called = renderHook(() => useMountWhenIdle(false));
    act(() => called.result.current.mount());
    expect(called.result.current.mounted).toBe(true);

    const shown = renderHook(({ now }) => useMountWhenIdle(now), { initialProps: { now: false } });
    shown.rerender({ now: true });
    expect(shown.result.current.mounted).toBe(true);
    // and stays mounted when hidden again
    shown.rerender({ now: false });
    expect(shown.result.current.mounted).toBe(true);
  });
});
