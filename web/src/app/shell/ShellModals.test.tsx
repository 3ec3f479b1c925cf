import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLATFORM_STORAGE_KEY } from '../../shared/platform/platform';
import { resetDomainChanged, signalDomainChanged } from '../errors/domainChanged';
import { initI18n } from '../i18n/i18n';
import { catchInstallOffer, INSTALL_DISMISSED_KEY, type InstallOffer } from './installPrompt';
import { page, ShellModals } from './ShellModals';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

beforeAll(async () => {
  await initI18n('en');
  catchInstallOffer();
});

/** The browser's beforeinstallprompt, with the prompt() the app calls. */
function offerInstall(): InstallOffer & { prompt: ReturnType<typeof vi.fn> } {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

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

  it('reloads the page once a newer server version agrees with this client again', () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const view = render(<ShellModals serverVersion="4.0.0" onUiUpdatedPage={false} />);
    view.rerender(<ShellModals serverVersion="4.0.0" onUiUpdatedPage={false} />);
    expect(reload).not.toHaveBeenCalled();
    view.rerender(<ShellModals serverVersion="4.1.0" onUiUpdatedPage />);
    expect(reload).not.toHaveBeenCalled();
    // a failed check says nothing: still stale, no reload
    view.rerender(<ShellModals serverVersion={null} onUiUpdatedPage />);
    expect(reload).not.toHaveBeenCalled();
    view.rerender(<ShellModals serverVersion="4.0.0" onUiUpdatedPage={false} />);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers to install the app, and the browser’s dialog opens on Install', async () => {
    render(<ShellModals serverVersion="4.0.0" onUiUpdatedPage={false} />);
    expect(screen.queryByRole('region', { name: 'Install Portico on this device' })).toBeNull();
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    const prompt = await screen.findByRole('region', { name: 'Install Portico on this device' }, WAIT);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => within(prompt).getByRole('button', { name: 'Install' }).click());
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Install Portico on this device' })).toBeNull());
    // an install offer does not count as a dismissal
    expect(window.localStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
  });

  it('remembers Not now in this browser and offers no more', async () => {
    const view = render(<ShellModals serverVersion="4.0.0" onUiUpdatedPage={false} />);
    offerInstall();
    const prompt = await screen.findByRole('region', { name: 'Install Portico on this device' }, WAIT);
    act(() => within(prompt).getByRole('button', { name: 'Not now' }).click());
    expect(window.localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Install Portico on this device' })).toBeNull());
    view.unmount();
    render(<ShellModals serverVersion="4.0.0" onUiUpdatedPage={false} />);
    offerInstall();
    expect(screen.queryByRole('region', { name: 'Install Portico on this device' })).toBeNull();
  });

  it('keeps the install offer back while the new-version modal asks for a refresh', async () => {
    render(<ShellModals serverVersion="4.1.0" onUiUpdatedPage={false} />);
    offerInstall();
    expect(await screen.findByRole('dialog', { name: 'A new version is available' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Install Portico on this device' })).toBeNull();
  });
});
