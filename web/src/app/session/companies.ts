import type { InitCompany, InitData, InitGroup } from './types';

export const SELECTED_COMPANY_STORAGE_KEY = 'portico.selected_company_id';

interface Sortable {
  uuid: string;
  name: string;
  favorite: boolean;
}

function byFavoriteThenName<T extends Sortable>(favorites: ReadonlySet<string>, locale: string) {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const isFavorite = (item: T) => item.favorite || favorites.has(item.uuid);
  return (a: T, b: T): number => {
    const fa = isFavorite(a);
    const fb = isFavorite(b);
    if (fa !== fb) return fa ? -1 : 1;
    return collator.compare(a.name, b.name) || a.uuid.localeCompare(b.uuid);
  };
}

/** Favourite companies first, then by name (spec 000 §4, Favorites). Returns a new array. */
export function sortCompanies(
  companies: readonly InitCompany[],
  favorites: readonly string[] = [],
  locale = 'en',
): InitCompany[] {
  return [...companies].sort(byFavoriteThenName<InitCompany>(new Set(favorites), locale));
}

/** Company groups in the same order as companies: favourites first, then by name. */
export function sortGroups(groups: readonly InitGroup[], locale = 'en'): InitGroup[] {
  return [...groups].sort(byFavoriteThenName<InitGroup>(new Set(), locale));
}

export function findCompany(init: InitData, uuid: string | null | undefined): InitCompany | undefined {
  if (!uuid) return undefined;
  return init.companies.find((c) => c.uuid === uuid);
}

/** A group's companies: its members and its mother company (when it has one). */
export function groupCompanyIds(group: InitGroup): string[] {
  const ids = group.motherCompanyId ? [group.motherCompanyId, ...group.companyIds] : group.companyIds;
  return [...new Set(ids)];
}

export function findGroup(init: InitData, uuid: string | null | undefined): InitGroup | undefined {
  if (!uuid) return undefined;
  return init.groups.find((g) => g.uuid === uuid);
}

/**
 * The company a user lands on when nothing is selected: the remembered one when it is
 * still available, else the first company (in switcher order) that has categories,
 * else the first company at all.
 */
export function defaultCompany(init: InitData, rememberedId: string | null): InitCompany | undefined {
  const remembered = findCompany(init, rememberedId);
  if (remembered) return remembered;
  const sorted = sortCompanies(init.companies, init.favorites);
  return sorted.find((c) => c.categories.length > 0) ?? sorted[0];
}

export function readRememberedCompany(): string | null {
  try {
    return window.localStorage.getItem(SELECTED_COMPANY_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberCompany(uuid: string | null): void {
  try {
    if (uuid) window.localStorage.setItem(SELECTED_COMPANY_STORAGE_KEY, uuid);
    else window.localStorage.removeItem(SELECTED_COMPANY_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); remembering is a convenience only.
  }
}
