import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n/i18n';
import { COPIED_SECONDS, CopyButton } from './CopyButton';

beforeAll(async () => {
  await initI18n('en');
});
const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
afterEach(() => {
  cleanup();
  // the jsdom window is shared with other test files
  if (original) Object.defineProperty(navigator, 'clipboard', original);
  else Reflect.deleteProperty(navigator, 'clipboard');
});
const SLOW = { timeout: 10_000 };

const clipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });

const renderButton = () =>
  render(
    <App>
      <CopyButton text="books@acme.portico.test" label="Copy books@acme.portico.test" />
    </App>,
  );

describe('CopyButton', { timeout: 30_000 }, () => {
  it('copies the text and says "Copied" for 1 second', async () => {
    const writeText = vi.fn(async () => undefined);
    clipboard(writeText);
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Copy books@acme.portico.test' }));
    await screen.findByText('Copied', {}, SLOW);
    expect(writeText).toHaveBeenCalledWith('books@acme.portico.test');
    expect(COPIED_SECONDS).toBe(1);
  });

  it('says that something went wrong when the browser refuses', async () => {
    clipboard(async () => {
      throw new Error('denied');
    });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Copy books@acme.portico.test' }));
    await screen.findByText('Something went wrong', {}, SLOW);
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('fails the same way without a clipboard (no secure context)', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Copy books@acme.portico.test' }));
    await screen.findByText('Something went wrong', {}, SLOW);
  });
});
