export { PLATFORM_STORAGE_KEY, TABLET_MAX_WIDTH, isMobileUserAgent, isTabletWidth, type Platform } from './platform';
export { selectPlatform, usePlatform, type PlatformApi } from './usePlatform';
