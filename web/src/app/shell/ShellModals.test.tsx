import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLATFORM_STORAGE_KEY } from '../../shared/platform/platform';
import { resetDomainChanged, signalDomainChanged } from '../errors/domainChanged';
import { initI18n } from '../i18n/i18n';
import { ShellModals } from './ShellModals';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  resetDomainChanged();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const WAIT = { timeout: 10_000 };

describe('ShellModals', { timeout: 30_000 }, () => {
  it('asks for a refresh when the server runs a newer UI, except on UiUpdated', async () => {
    const view = render(<ShellModals serverVersion="4.1.0" onUiUpdatedPage={false} />);
    expect(await screen.findByRole('dialog', { name: 'A new version is available' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    view.rerender(<ShellModals serverVersion="4.1.0" onUiUpdatedPage />);
    expect(screen.queryByRole('dialog', { name: 'A new version is available' })).toBeNull();
  });

  it('shows nothing when the versions agree on a desktop browser', () => {
    const { container } = render(<ShellModals serverVersion="4.0.0" onUiUpdatedPage={false} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the domain-changed modal on the signal of a forbidden domain', async () => {
    render(<ShellModals serverVersion="4.0.0" onUiUpdatedPage={false} />);
    act(() => {
      expect(signalDomainChanged()).toBe(true);
    });
    expect(await screen.findByRole('dialog', { name: 'The address has changed' }, WAIT)).toBeTruthy();
  });

  it('asks a phone which layout to show and keeps the answer', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    render(<ShellModals serverVersion="4.0.0" onUiUpdatedPage={false} />);
    expect(await screen.findByRole('dialog', { name: 'View the mobile version?' }, WAIT)).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'View mobile' }).click());
    expect(window.localStorage.getItem(PLATFORM_STORAGE_KEY)).toBe('mobile');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'View the mobile version?' })).toBeNull());
  });
});
