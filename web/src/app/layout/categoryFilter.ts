// The agents' category filter (header category switcher). It is remembered in local
// storage (spec 000 §4) and read by the inbox and tasks pages through useCategoryFilter.

import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'portico.category_ids';
const listeners = new Set<() => void>();
let cached: readonly string[] | null = null;

function read(): readonly string[] {
  if (cached) return cached;
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    cached = Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    cached = [];
  }
  return cached;
}

/** The stored filter, or null when this browser has none yet (guard 13 then uses the server's). */
export function readStoredCategoryFilter(): string[] | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : null;
  } catch {
    return null;
  }
}

/** The current filter (outside React; the logout saves it). */
export function currentCategoryFilter(): readonly string[] {
  return read();
}

export function setCategoryFilter(ids: readonly string[]): void {
  cached = [...ids];
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(cached));
  } catch {
    // Kept in memory for this page load.
  }
  listeners.forEach((notify) => notify());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The selected category ids; empty means all categories. */
export function useCategoryFilter(): readonly string[] {
  return useSyncExternalStore(subscribe, read, read);
}
