// The one place that turns a server error into a toast's title and text (spec 000 §8).
// Pure: give it the error and an i18next instance, get the texts back.

import type { i18n as I18n } from 'i18next';

export const ERROR_CODES = [
  'RECORD_NOT_FOUND',
  'ACCESS_DENIED',
  'AASM_INVALID_TRANSITION',
  'ARGUMENT_ERROR',
  'FORBIDDEN_DOMAIN',
  'VALIDATION_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Error toasts stay 15 seconds (spec 000 §9). */
export const ERROR_TOAST_DURATION_S = 15;

/** A mutation's MutationError, or a GraphQL error's message and extensions. */
export interface ServerErrorLike {
  readonly code?: string | null;
  readonly message?: string | null;
  readonly field?: string | null;
  readonly entityType?: string | null;
}

export interface ErrorToast {
  readonly code: ErrorCode | null;
  readonly title: string;
  readonly description: string;
}

const TITLE_KEYS: Record<ErrorCode, string> = {
  RECORD_NOT_FOUND: 'title.record_not_found',
  ACCESS_DENIED: 'title.access_denied',
  AASM_INVALID_TRANSITION: 'title.invalid_transition',
  ARGUMENT_ERROR: 'title.argument_error',
  FORBIDDEN_DOMAIN: 'title.forbidden_domain',
  VALIDATION_ERROR: 'title.validation_error',
};

/** Accepts the catalogue codes in either spelling (FORBIDDEN_DOMAIN or forbidden_domain). */
export function normalizeCode(code: string | null | undefined): ErrorCode | null {
  if (!code) return null;
  const upper = code.trim().toUpperCase();
  return (ERROR_CODES as readonly string[]).includes(upper) ? (upper as ErrorCode) : null;
}

const snake = (value: string): string =>
  value
    .replace(/::/g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();

type LooseT = (key: string, options?: Record<string, unknown>) => string;

function translator(i18n: I18n): { t: LooseT; has: (key: string) => boolean } {
  const t = i18n.getFixedT(null, 'errors') as unknown as LooseT;
  return { t, has: (key) => i18n.exists(key, { ns: 'errors' }) };
}

// Every entity type the server sends has its word (engine/apperr/keys_test.go); an unknown one is a "record".
function entityWord(entityType: string | null | undefined, t: LooseT, has: (key: string) => boolean): string {
  const key = entityType ? `entity.${snake(entityType)}` : '';
  return key && has(key) ? t(key) : t('entity.record');
}

/** A machine key such as cannot_assign_closed_thread: shown to no one as it is. */
export function isMachineKey(message: string): boolean {
  return /^[a-z][a-z0-9']*(?:_[a-z0-9']+)*$/.test(message);
}

/** Reads the originating state from an AASM message, e.g. "Event 'close' cannot transition from 'closed'". */
export function transitionState(message: string | null | undefined): string | null {
  const match = message?.match(/from\s+[:'"]*([a-z_]+)/i);
  return match?.[1]?.toLowerCase() ?? null;
}

function codeDefault(code: ErrorCode | null, error: ServerErrorLike, t: LooseT, has: (key: string) => boolean): string | null {
  switch (code) {
    case 'RECORD_NOT_FOUND':
      return t('default.record_not_found', { entity_type: entityWord(error.entityType, t, has) });
    case 'ACCESS_DENIED':
      return t('default.access_denied');
    case 'FORBIDDEN_DOMAIN':
      return t('default.forbidden_domain');
    case 'AASM_INVALID_TRANSITION': {
      const state = transitionState(error.message);
      if (!state) return null;
      return t('default.invalid_transition', { state: has(`state.${state}`) ? t(`state.${state}`) : state });
    }
    default:
      return null;
  }
}

/**
 * The toast for one server error: title from the code; text from
 * errors.server_response.<message>, else the code's own text, else the raw message
 * when it is a sentence, else "Something went wrong" (never a snake_case key).
 */
export function describeServerError(error: ServerErrorLike, i18n: I18n): ErrorToast {
  const { t, has } = translator(i18n);
  const code = normalizeCode(error.code);
  const title = t(code ? TITLE_KEYS[code] : 'title.default');
  const message = error.message?.trim() ?? '';
  const responseKey = `server_response.${message}`;
  const interpolation = { entity_type: entityWord(error.entityType, t, has), field: error.field ?? '' };
  if (message && has(responseKey)) return { code, title, description: t(responseKey, interpolation) };
  const fallback = codeDefault(code, error, t, has);
  if (fallback) return { code, title, description: fallback };
  if (message && !isMachineKey(message)) return { code, title, description: message };
  return { code, title, description: t('unexpected') };
}

/** The toast for a failure without a catalogue entry (network down, server error page). */
export function describeUnexpectedError(i18n: I18n): ErrorToast {
  const { t } = translator(i18n);
  return { code: null, title: t('title.default'), description: t('unexpected') };
}
