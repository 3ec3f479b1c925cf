import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useVersionAtNavigation } from './useVersionAtNavigation';

type Props = { here: string; live: string | null; ready: boolean };

describe('useVersionAtNavigation', () => {
  it('keeps the version of the arrival while the user stays, and takes the new one on the next navigation', () => {
    const { result, rerender } = renderHook(({ here, live, ready }: Props) => useVersionAtNavigation(here, live, ready), {
      initialProps: { here: '/acme/inbox', live: '4.0.0', ready: true },
    });
    expect(result.current).toBe('4.0.0');
    rerender({ here: '/acme/inbox', live: '4.1.0', ready: true });
    expect(result.current).toBe('4.0.0');
    rerender({ here: '/acme/shared-files', live: '4.1.0', ready: true });
    expect(result.current).toBe('4.1.0');
  });

  it('follows the live version before the app is ready and on UiUpdated', () => {
    const { result, rerender } = renderHook(({ here, live, ready }: Props) => useVersionAtNavigation(here, live, ready), {
      initialProps: { here: '/', live: null as string | null, ready: false } as Props,
    });
    rerender({ here: '/', live: '4.1.0', ready: false });
    expect(result.current).toBe('4.1.0');
    rerender({ here: '/ui-updated', live: '4.1.0', ready: true });
    rerender({ here: '/ui-updated', live: '4.0.0', ready: true });
    expect(result.current).toBe('4.0.0');
  });
});
