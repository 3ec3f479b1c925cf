/**
 * The browser's offer to install the app (beforeinstallprompt), caught as the page boots
 * (main.tsx) so that it is not lost before the shell shows it. The shell's InstallPrompt
 * offers it once the user is signed in; a dismissal is remembered in this browser.
 */
import { useSyncExternalStore } from 'react';

export interface InstallOffer extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice?: Promise<{ readonly outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALL_DISMISSED_KEY = 'portico.install_prompt_dismissed';

let offer: InstallOffer | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/** Starts listening (once, at boot): the offer is kept instead of the browser's own mini bar. */
export function catchInstallOffer(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallOffer;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

/** The offer waiting to be shown, or null. */
export const currentInstallOffer = (): InstallOffer | null => offer;

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** An offer is used once (the browser allows one prompt() per event). */
export function takeInstallOffer(): InstallOffer | null {
  const taken = offer;
  offer = null;
  changed();
  return taken;
}

export function installDismissed(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissInstall(): void {
  try {
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
  } catch {
    // without storage the prompt stays away for this page load
  }
  offer = null;
  changed();
}

/** The offer to show: none once dismissed in this browser. */
export function useInstallOffer(): InstallOffer | null {
  const current = useSyncExternalStore(subscribeInstallOffer, currentInstallOffer, () => null);
  return current && !installDismissed() ? current : null;
}
