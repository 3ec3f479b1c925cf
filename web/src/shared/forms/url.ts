// The URL input's value (spec 000 §5): a fixed https:// prefix before what is typed, and an
// empty value when nothing is typed.

export const HTTPS_PREFIX = 'https://';
const HTTP_PREFIX = 'http://';
const SCHEME = /^https?:\/\//i;

export type UrlPrefix = typeof HTTPS_PREFIX | typeof HTTP_PREFIX;

/**
 * What the input shows for a value: the prefix and the rest. An http:// address (a server on
 * the same machine, as in development) keeps its own prefix rather than being made https.
 */
export function splitUrl(value: string | null | undefined): { readonly prefix: UrlPrefix; readonly rest: string } {
  const v = value ?? '';
  if (v.toLowerCase().startsWith(HTTP_PREFIX)) return { prefix: HTTP_PREFIX, rest: v.slice(HTTP_PREFIX.length) };
  if (v.toLowerCase().startsWith(HTTPS_PREFIX)) return { prefix: HTTPS_PREFIX, rest: v.slice(HTTPS_PREFIX.length) };
  return { prefix: HTTPS_PREFIX, rest: v };
}

/**
 * The value for what is typed after the prefix: empty when nothing is; a pasted address with
 * its own http(s):// as it is; otherwise the prefix and the text.
 */
export function joinUrl(prefix: UrlPrefix, typed: string): string {
  const text = typed.trimStart();
  if (text === '') return '';
  return SCHEME.test(text) ? text : `${prefix}${text}`;
}
