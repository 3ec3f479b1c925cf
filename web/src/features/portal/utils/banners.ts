// Banner form rules of the spec (002 §5 Banner, §9): what the client checks before the server does.

export const BANNER_DESCRIPTION_MAX = 250;
export const BANNER_TYPES = ['info', 'warning'] as const;
export const BANNER_USER_TYPES = ['portico_user', 'customer'] as const;

export interface BannerDraft {
  readonly bannerType: string;
  readonly description: string;
  readonly dismissible: boolean;
  readonly userTypes: readonly string[];
}

export const NEW_BANNER: BannerDraft = { bannerType: 'info', description: '', dismissible: true, userTypes: [...BANNER_USER_TYPES] };

/** The description's length as the server counts it: every character, markup included. */
export const descriptionLength = (description: string): number => [...description].length;

/** Whether the description has text once its markup is gone ("text must be non-empty"). */
export function hasText(description: string): boolean {
  return description.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0;
}

/** The first problem of a draft as a portal text key, or null when it may be saved. */
export function draftProblem(draft: BannerDraft): 'description_blank' | 'description_too_long' | 'user_types_blank' | null {
  if (!hasText(draft.description)) return 'description_blank';
  if (descriptionLength(draft.description) > BANNER_DESCRIPTION_MAX) return 'description_too_long';
  if (draft.userTypes.length === 0) return 'user_types_blank';
  return null;
}
