import type { Mention } from './messageHtml';

/** Suggestions start after this many typed characters. */
export const MENTION_MIN_CHARS = 4;
/** Long e-mail addresses in the suggestions are shortened to this many characters. */
export const MENTION_EMAIL_MAX = 15;

export interface MentionUser {
  readonly uuid: string;
  readonly name: string;
  readonly email?: string | null;
  readonly active: boolean;
}

/** "averyveryverylo…" for an address longer than max characters. */
export function shortenEmail(email: string, max: number = MENTION_EMAIL_MAX): string {
  return email.length > max ? `${email.slice(0, max)}…` : email;
}

/** Whether to ask the server for suggestions for what follows the @. */
export const shouldSearchMentions = (search: string): boolean => search.trim().length >= MENTION_MIN_CHARS;

/** Active users not yet mentioned in the text (as @name). */
export function mentionCandidates(users: readonly MentionUser[], text: string): MentionUser[] {
  return users.filter((u) => u.active && !text.includes(`@${u.name}`));
}

/** The mentions chosen while typing that are still in the text. */
export function mentionsInText(chosen: readonly Mention[], text: string): Mention[] {
  const seen = new Set<string>();
  return chosen.filter((m) => {
    if (seen.has(m.uuid) || !text.includes(`@${m.name}`)) return false;
    seen.add(m.uuid);
    return true;
  });
}
