import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage, preloadLazyPage } from './pages';

const fallback = <p>loading</p>;

afterEach(cleanup);

describe('lazyPage', () => {
  it('suspends while its chunk is not here', async () => {
    const Page = lazyPage(async () => ({ Hello: () => <p>hello</p> }), 'Hello');
    render(<Suspense fallback={fallback}>{<Page />}</Suspense>);
    expect(screen.getByText('loading')).not.toBeNull();
    expect(await screen.findByText('hello')).not.toBeNull();
  });

  it('renders at once, without a fallback, once its chunk was preloaded', async () => {
    let imports = 0;
    const Page = lazyPage(async () => {
      imports += 1;
      return { Hello: () => <p>hello</p> };
    }, 'Hello');
    await preloadLazyPage(Page);
    render(<Suspense fallback={fallback}>{<Page />}</Suspense>);
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('hello')).not.toBeNull();
    expect(imports).toBe(1);
  });

  it('settles a preload whose import fails, leaving the failure to the page', async () => {
    const Page = lazyPage(async (): Promise<{ Hello: () => null }> => {
      throw new Error('chunk gone');
    }, 'Hello');
    await expect(preloadLazyPage(Page)).resolves.toBeUndefined();
  });
});
