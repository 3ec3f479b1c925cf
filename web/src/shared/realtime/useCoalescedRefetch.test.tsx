import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCoalescedRefetch } from './useCoalescedRefetch';

function deferredRefetch() {
  const pending: Array<() => void> = [];
  const refetch = () => new Promise<void>((resolve) => pending.push(resolve));
  return { refetch, pending };
}

describe('useCoalescedRefetch', () => {
  it('runs one more refetch after the one in flight when events came meanwhile', async () => {
    const { refetch, pending } = deferredRefetch();
    const { result } = renderHook(() => useCoalescedRefetch(refetch));
    act(() => result.current());
    expect(pending).toHaveLength(1);
    // two more events while the first answer is on its way: one refetch follows, not two, not none
    act(() => {
      result.current();
      result.current();
    });
    expect(pending).toHaveLength(1);
    await act(async () => pending[0]?.());
    expect(pending).toHaveLength(2);
    await act(async () => pending[1]?.());
    expect(pending).toHaveLength(2);
    // quiet again: the next event refetches at once
    act(() => result.current());
    expect(pending).toHaveLength(3);
  });

  it('keeps going after a failed refetch', async () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useCoalescedRefetch(() => {
        calls += 1;
        return Promise.reject(new Error('offline'));
      }),
    );
    await act(async () => result.current());
    await act(async () => result.current());
    expect(calls).toBe(2);
  });
});
