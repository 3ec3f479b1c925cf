// Desktop or mobile (spec 000 §4, Platform): the m. host is mobile; elsewhere a phone's
// user agent is asked once whether to view the mobile layout or keep the desktop one,
// and the answer is kept under platform_selected. Tablets (width up to 1500 px) keep
// the desktop layout with the navigation collapsible.

export type Platform = 'desktop' | 'mobile';

export const PLATFORM_STORAGE_KEY = 'platform_selected';
export const TABLET_MAX_WIDTH = 1500;
export const MOBILE_HOST_PREFIX = 'm.';

const PHONE_UA = /iPhone|iPod|Android.+Mobile|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS|Mobile Safari|\bMobi\b/i;

/** A phone's user agent (tablets such as iPad or Android without "Mobile" are not phones). */
export function isMobileUserAgent(userAgent: string): boolean {
  if (/iPad|Tablet/i.test(userAgent)) return false;
  return PHONE_UA.test(userAgent);
}

export function isMobileHost(hostname: string): boolean {
  return hostname.toLowerCase().startsWith(MOBILE_HOST_PREFIX);
}

export function isTabletWidth(width: number): boolean {
  return width <= TABLET_MAX_WIDTH;
}

export const isPlatform = (value: unknown): value is Platform => value === 'desktop' || value === 'mobile';

export interface PlatformInput {
  readonly hostname: string;
  readonly userAgent: string;
  /** The stored choice (platform_selected), if any. */
  readonly selected: Platform | null;
}

export interface PlatformState {
  readonly platform: Platform;
  /** A phone on the desktop host that has not chosen yet: ask (the platform-switch modal). */
  readonly askSwitch: boolean;
}

export function resolvePlatform({ hostname, userAgent, selected }: PlatformInput): PlatformState {
  if (isMobileHost(hostname)) return { platform: 'mobile', askSwitch: false };
  if (!isMobileUserAgent(userAgent)) return { platform: 'desktop', askSwitch: false };
  if (selected) return { platform: selected, askSwitch: false };
  return { platform: 'desktop', askSwitch: true };
}

/**
 * Where "go to desktop" leads: the same page without the m. prefix on the mobile host,
 * or null when the page already is on a desktop host (the layout switches in place).
 */
export function desktopUrl(location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'pathname' | 'search'>): string | null {
  if (!isMobileHost(location.hostname)) return null;
  const host = location.hostname.slice(MOBILE_HOST_PREFIX.length);
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${host}${port}${location.pathname}${location.search}`;
}
