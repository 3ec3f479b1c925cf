// Pending undo offers of system deletions (spec 002 §2.9): kept in local storage so that a
// reload shows the offer again for the time that is left of its minute.

/** Spec 002 §9: the undo window, 60000 ms. */
export const UNDO_WINDOW_MS = 60_000;

const KEY = 'portico.attachments_undo';

export interface UndoOffer {
  /** The deletion's id (deletableEntity.id). */
  readonly id: string;
  readonly companyId: string;
  /** How many files it deleted. */
  readonly count: number;
  /** Until when it can be undone (epoch ms, the browser's clock). */
  readonly until: number;
}

function isOffer(value: unknown): value is UndoOffer {
  if (!value || typeof value !== 'object') return false;
  const o = value as Record<string, unknown>;
  return typeof o.id === 'string' && typeof o.companyId === 'string' && typeof o.count === 'number' && typeof o.until === 'number';
}

function read(storage: Storage): UndoOffer[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter(isOffer) : [];
  } catch {
    return [];
  }
}

function write(storage: Storage, offers: readonly UndoOffer[]): void {
  try {
    if (offers.length === 0) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify(offers));
  } catch {
    // Storage full or blocked: the offer lives only as long as the page.
  }
}

/** Keeps an offer; expired ones are dropped on the way. */
export function saveOffer(offer: UndoOffer, now: number, storage: Storage = localStorage): void {
  write(storage, [...read(storage).filter((o) => o.until > now && o.id !== offer.id), offer]);
}

/** The company's offers still open at now, oldest first. */
export function openOffers(companyId: string, now: number, storage: Storage = localStorage): UndoOffer[] {
  const all = read(storage);
  const open = all.filter((o) => o.until > now);
  if (open.length !== all.length) write(storage, open);
  return open.filter((o) => o.companyId === companyId).sort((a, b) => a.until - b.until);
}

/** Forgets an offer (undone, or refused by the server). */
export function dropOffer(id: string, storage: Storage = localStorage): void {
  write(storage, read(storage).filter((o) => o.id !== id));
}
