import type { Mention } from './messageHtml';

/**
 * What the user has typed in a thread's message box or in the new-thread form, kept in this tab's
 * session storage so that a reload (the new-version check reloads the page, spec 000 §4), a visit
 * to another thread or closing the form loses nothing. Cleared once the message is sent.
 */
export interface Draft {
  readonly text: string;
  readonly mentions: readonly Mention[];
}

/** The new-thread form's draft (decision 0150); files and a pasted image are not kept. */
export interface NewThreadDraft {
  readonly companyId?: string;
  readonly categoryId?: string;
  readonly title: string;
  readonly description: string;
  readonly urgent: boolean;
}

const PREFIX = 'portico.draft.';
const EMPTY: Draft = { text: '', mentions: [] };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored value as an object, or null (none, damaged, or storage blocked). */
function readStored(key: string): Record<string, unknown> | null {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Keeps the value; null removes it. */
function writeStored(key: string, value: object | null): void {
  try {
    if (value === null) storage()?.removeItem(PREFIX + key);
    else storage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // full or no storage: the draft lives as long as the page
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const id = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

export function readDraft(taskId: string): Draft {
  const parsed = readStored(taskId);
  if (!parsed) return EMPTY;
  const mentions = Array.isArray(parsed.mentions)
    ? (parsed.mentions as Partial<Mention>[]).filter((m): m is Mention => typeof m?.uuid === 'string' && typeof m?.name === 'string')
    : [];
  return { text: text(parsed.text), mentions };
}

/** Keeps the draft; an empty one is removed. */
export function writeDraft(taskId: string, draft: Draft): void {
  writeStored(taskId, draft.text.trim() ? draft : null);
}

// One new-thread draft per user and company (the form opened without a company, where the company
// is chosen in it, has its own).
const newThreadKey = (userId: string, companyId: string | null): string => `new.${userId}.${companyId ?? '*'}`;

export function readNewThreadDraft(userId: string, companyId: string | null): NewThreadDraft | null {
  const parsed = readStored(newThreadKey(userId, companyId));
  if (!parsed) return null;
  return {
    companyId: id(parsed.companyId),
    categoryId: id(parsed.categoryId),
    title: text(parsed.title),
    description: text(parsed.description),
    urgent: parsed.urgent === true,
  };
}

/** Keeps the draft while a subject or message is typed; otherwise (or null, once sent) removes it. */
export function writeNewThreadDraft(userId: string, companyId: string | null, draft: NewThreadDraft | null): void {
  const typed = Boolean(draft && (draft.title.trim() || draft.description.trim()));
  writeStored(newThreadKey(userId, companyId), typed ? draft : null);
}
