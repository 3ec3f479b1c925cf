import type { Mention } from './messageHtml';

/**
 * What the user has typed in a thread's message box, kept in this tab's session storage so that
 * a reload (the new-version check reloads the page, spec 000 §4) or a visit to another thread
 * loses nothing. Cleared once the message is sent.
 */
export interface Draft {
  readonly text: string;
  readonly mentions: readonly Mention[];
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

export function readDraft(taskId: string): Draft {
  try {
    const raw = storage()?.getItem(PREFIX + taskId);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<Draft> | null;
    const text = typeof parsed?.text === 'string' ? parsed.text : '';
    const mentions = Array.isArray(parsed?.mentions)
      ? parsed.mentions.filter((m): m is Mention => typeof m?.uuid === 'string' && typeof m?.name === 'string')
      : [];
    return { text, mentions };
  } catch {
    return EMPTY;
  }
}

/** Keeps the draft; an empty one is removed. */
export function writeDraft(taskId: string, draft: Draft): void {
  try {
    if (!draft.text.trim()) storage()?.removeItem(PREFIX + taskId);
    else storage()?.setItem(PREFIX + taskId, JSON.stringify(draft));
  } catch {
    // full or no storage: the draft lives as long as the page
  }
}
