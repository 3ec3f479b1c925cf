import { useCallback, useSyncExternalStore } from 'react';
import { PLATFORM_STORAGE_KEY, isPlatform, resolvePlatform, type Platform, type PlatformState } from './platform';

const listeners = new Set<() => void>();

function readSelected(): Platform | null {
  try {
    const value = window.localStorage.getItem(PLATFORM_STORAGE_KEY);
    return isPlatform(value) ? value : null;
  } catch {
    return null;
  }
}

let memory: Platform | null = null;

/** Stores the user's choice (platform_selected) and re-renders every usePlatform(). */
export function selectPlatform(platform: Platform): void {
  memory = platform;
  try {
    window.localStorage.setItem(PLATFORM_STORAGE_KEY, platform);
  } catch {
    // Kept for this page load only.
  }
  listeners.forEach((notify) => notify());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

const snapshot = (): string => readSelected() ?? memory ?? '';

export interface PlatformApi extends PlatformState {
  readonly select: (platform: Platform) => void;
}

/** The platform the page is shown as, from the host, the user agent and the stored choice. */
export function usePlatform(): PlatformApi {
  const selected = useSyncExternalStore(subscribe, snapshot, () => '');
  const state = resolvePlatform({
    hostname: window.location.hostname,
    userAgent: window.navigator.userAgent,
    selected: isPlatform(selected) ? selected : null,
  });
  const select = useCallback((platform: Platform) => selectPlatform(platform), []);
  return { ...state, select };
}
