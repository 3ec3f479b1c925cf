/** Companies shown per user before "show all companies" (spec 002 §2.3, §9). */
export const COMPANIES_SHOWN = 3;

/** The memberships a row shows: the first three, or all once expanded; and how many are hidden. */
export function shownMemberships<M>(memberships: readonly M[], expanded: boolean): { shown: readonly M[]; hidden: number } {
  if (expanded || memberships.length <= COMPANIES_SHOWN) return { shown: memberships, hidden: 0 };
  return { shown: memberships.slice(0, COMPANIES_SHOWN), hidden: memberships.length - COMPANIES_SHOWN };
}
