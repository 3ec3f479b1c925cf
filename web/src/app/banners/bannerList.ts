// The banner list's rules (spec 000 §4, Banners), as pure functions: realtime create
// and update merge by id, destroy removes by id, a dismissed banner leaves the list.

export const BANNER_EVENT_KEYS = ['system_banner.create', 'system_banner.update', 'system_banner.destroy'] as const;

export interface BannerItem {
  readonly __typename?: 'SystemBanner';
  readonly id: string;
  readonly uuid: string;
  readonly bannerGroup: string;
  readonly bannerType: string;
  readonly description: string;
  readonly dismissible: boolean;
  readonly userTypes: readonly string[];
  readonly companyId: string | null;
}

export interface BannerAudience {
  /** The viewer's userType (portico_user or customer). */
  readonly userType: string;
  /** The companies in view (selected company, a group's), or null for all of the viewer's. */
  readonly companyIds: readonly string[] | null;
  /** Banners the viewer dismissed in this page's life: an update must not bring them back. */
  readonly dismissed?: ReadonlySet<string>;
}

/** Whether a banner belongs in the list of this viewer and scope. */
export function isBannerShown(banner: BannerItem, audience: BannerAudience): boolean {
  if (audience.dismissed?.has(banner.id)) return false;
  if (!banner.userTypes.includes(audience.userType)) return false;
  if (banner.bannerGroup === 'global' || !banner.companyId) return true;
  return audience.companyIds === null || audience.companyIds.includes(banner.companyId);
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Reads a banner from a realtime event's data; null when a field is missing. */
export function bannerFromEvent(data: Readonly<Record<string, unknown>>): BannerItem | null {
  const id = str(data['id']) ?? str(data['uuid']);
  const bannerGroup = str(data['bannerGroup']);
  const bannerType = str(data['bannerType']);
  const description = str(data['description']);
  const userTypes = data['userTypes'];
  if (!id || !bannerGroup || !bannerType || description === null || !Array.isArray(userTypes)) return null;
  return {
    __typename: 'SystemBanner',
    id,
    uuid: str(data['uuid']) ?? id,
    bannerGroup,
    bannerType,
    description,
    dismissible: data['dismissible'] === true,
    userTypes: userTypes.filter((t): t is string => typeof t === 'string'),
    companyId: str(data['companyId']),
  };
}

/**
 * The list after one realtime event. Create and update put the banner in place (or at
 * the end) when the viewer should see it, and take it out when an update moved it
 * away from them; destroy removes it. Other keys leave the list as it is.
 */
export function applyBannerEvent<T extends BannerItem>(
  list: readonly T[],
  event: { readonly key: string; readonly data: Readonly<Record<string, unknown>> },
  audience: BannerAudience,
): readonly (T | BannerItem)[] {
  const id = str(event.data['id']) ?? str(event.data['uuid']);
  if (!id) return list;
  if (event.key === 'system_banner.destroy') {
    return list.some((b) => b.id === id) ? list.filter((b) => b.id !== id) : list;
  }
  if (event.key !== 'system_banner.create' && event.key !== 'system_banner.update') return list;
  const banner = bannerFromEvent(event.data);
  if (!banner) return list;
  const index = list.findIndex((b) => b.id === id);
  if (!isBannerShown(banner, audience)) return index === -1 ? list : list.filter((b) => b.id !== id);
  if (index === -1) return [...list, banner];
  return list.map((b, i) => (i === index ? { ...b, ...banner } : b));
}

/** The list without a banner the viewer dismissed. */
export function withoutBanner<T extends BannerItem>(list: readonly T[], id: string): readonly T[] {
  return list.filter((b) => b.id !== id);
}
