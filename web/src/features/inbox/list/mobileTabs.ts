/** On a phone the first 4 folder tabs show; over 5 tabs, the rest sit under More (spec 001 §2). */
export const MOBILE_VISIBLE_TABS = 4;
export const MOBILE_MAX_TABS_WITHOUT_MORE = 5;

export interface MobileTabs<T> {
  readonly visible: readonly T[];
  readonly more: readonly T[];
}

/** Splits the folder tabs of the mobile inbox into the ones shown and the ones under More. */
export function mobileTabs<T>(tabs: readonly T[]): MobileTabs<T> {
  if (tabs.length <= MOBILE_MAX_TABS_WITHOUT_MORE) return { visible: tabs, more: [] };
  return { visible: tabs.slice(0, MOBILE_VISIBLE_TABS), more: tabs.slice(MOBILE_VISIBLE_TABS) };
}
