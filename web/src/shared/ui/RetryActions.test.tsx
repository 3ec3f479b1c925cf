import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RetryActions } from './RetryActions';

afterEach(cleanup);

function setup() {
  const calls: string[] = [];
  render(<RetryActions retryText="Retry" okText="OK" onClose={() => calls.push('close')} onRetry={() => calls.push('retry')} />);
  return calls;
}

describe('RetryActions', () => {
  it('closes the toast, then tries again', () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(calls).toEqual(['close', 'retry']);
  });

  it('only closes the toast on OK', () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(calls).toEqual(['close']);
  });
});
