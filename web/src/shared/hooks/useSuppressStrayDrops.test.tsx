import { cleanup, render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSuppressStrayDrops } from './useSuppressStrayDrops';

afterEach(cleanup);

function drop(target: EventTarget): Event {
  const event = new Event('drop', { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

describe('useSuppressStrayDrops', () => {
  it('cancels a drop outside any drop target while mounted, and only then', () => {
    const { unmount } = renderHook(() => useSuppressStrayDrops());
    expect(drop(document.body).defaultPrevented).toBe(true);
    unmount();
    expect(drop(document.body).defaultPrevented).toBe(false);
  });

  it('lets a drop target handle its own drop', () => {
    renderHook(() => useSuppressStrayDrops());
    let handled = 0;
    const { getByTestId } = render(
      <div
        data-testid="zone"
        onDrop={(event) => {
          event.preventDefault();
          handled += 1;
        }}
      />,
    );
    const event = drop(getByTestId('zone'));
    expect(handled).toBe(1);
    expect(event.defaultPrevented).toBe(true);
  });
});
