/** Spec 002 §9: a country picker's default countries, offered first and in this order. */
export const DEFAULT_COUNTRY_CODES: readonly string[] = ['fi', 'se', 'no', 'ee'];

/**
 * The countries as a picker offers them: the default ones (fi, se, no, ee) first in that
 * order, then the others in the order they came (the server's, by name). A new array.
 */
export function defaultCountriesFirst<C extends { readonly code?: string | null }>(countries: readonly C[]): C[] {
  const rank = (c: C) => {
    const i = DEFAULT_COUNTRY_CODES.indexOf((c.code ?? '').toLowerCase());
    return i < 0 ? DEFAULT_COUNTRY_CODES.length : i;
  };
  return [...countries].sort((a, b) => rank(a) - rank(b));
}
