import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { settled } from './settled';

describe('settled', () => {
  it('calls back at once, not in a later microtask', () => {
    let seen: number | null = null;
    void settled(7).then((v) => {
      seen = v;
    });
    expect(seen).toBe(7);
  });

  it('lets React.lazy render a loaded module without its fallback', () => {
    const Page = lazy(() => settled({ default: () => <p>page</p> }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });
});

describe('settled chains', () => {
  it('hands on what a callback returns, a promise as that promise', async () => {
    let seen: number | null = null;
    void settled(2)
      .then((v) => v * 3)
      .then((v) => {
        seen = v;
      });
    expect(seen).toBe(6);
    await expect(settled(1).then(() => Promise.resolve('later'))).resolves.toBe('later');
  });
});
