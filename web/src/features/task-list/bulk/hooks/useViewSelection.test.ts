import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useViewSelection } from './useViewSelection';

const loaded = ['a', 'b', 'c'];

describe('useViewSelection', () => {
  it('ticks, selects the visible or all matching threads, and clears', () => {
    const { result } = renderHook(() => useViewSelection('view-1', loaded));
    act(() => result.current.toggle('b'));
    expect(result.current.selection).toEqual({ mode: 'ids', ids: ['b'] });
    expect(result.current.isSelected('b')).toBe(true);
    act(() => result.current.toggle('c'));
    act(() => result.current.toggle('b'));
    expect(result.current.selection).toEqual({ mode: 'ids', ids: ['c'] });
    act(() => result.current.selectVisible());
    expect(result.current.selection).toEqual({ mode: 'ids', ids: loaded });
    act(() => result.current.selectAllMatching());
    expect(result.current.selection).toEqual({ mode: 'all' });
    // Unticking one of all matching keeps the other loaded ones.
    act(() => result.current.toggle('a'));
    expect(result.current.selection).toEqual({ mode: 'ids', ids: ['b', 'c'] });
    act(() => result.current.clear());
    expect(result.current.selection).toEqual({ mode: 'ids', ids: [] });
  });

  it('starts empty in another view', () => {
    const { result, rerender } = renderHook(({ view }) => useViewSelection(view, loaded), {
      initialProps: { view: 'view-1' },
    });
    act(() => result.current.selectVisible());
    rerender({ view: 'view-2' });
    expect(result.current.selection).toEqual({ mode: 'ids', ids: [] });
    act(() => result.current.toggle('a'));
    expect(result.current.selection).toEqual({ mode: 'ids', ids: ['a'] });
  });
});
