import { describe, expect, it } from 'vitest';
import { desktopUrl, isMobileUserAgent, isTabletWidth, resolvePlatform } from './platform';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

describe('platform', () => {
  it.each([
    [IPHONE, true],
    [ANDROID_PHONE, true],
    [ANDROID_TABLET, false],
    [IPAD, false],
    [DESKTOP, false],
  ])('tells a phone by its user agent (%#)', (ua, phone) => {
    expect(isMobileUserAgent(ua)).toBe(phone);
  });

  it('counts widths up to 1500 px as tablets', () => {
    expect(isTabletWidth(1500)).toBe(true);
    expect(isTabletWidth(1501)).toBe(false);
  });

  it('shows the m. host as mobile whatever the device', () => {
    expect(resolvePlatform({ hostname: 'm.portico.test', userAgent: DESKTOP, selected: 'desktop' })).toEqual({
      platform: 'mobile',
      askSwitch: false,
    });
  });

  it('asks a phone on the desktop host once, then follows the stored choice', () => {
    expect(resolvePlatform({ hostname: 'portico.test', userAgent: IPHONE, selected: null })).toEqual({
      platform: 'desktop',
      askSwitch: true,
    });
    expect(resolvePlatform({ hostname: 'portico.test', userAgent: IPHONE, selected: 'mobile' })).toEqual({
      platform: 'mobile',
      askSwitch: false,
    });
    expect(resolvePlatform({ hostname: 'portico.test', userAgent: IPHONE, selected: 'desktop' })).toEqual({
      platform: 'desktop',
      askSwitch: false,
    });
  });

  it('never asks a desktop browser', () => {
    expect(resolvePlatform({ hostname: 'portico.test', userAgent: DESKTOP, selected: 'mobile' })).toEqual({
      platform: 'desktop',
      askSwitch: false,
    });
  });

  it('leads from the mobile host to the same page on the desktop host', () => {
    const at = (hostname: string, port = '') => ({ protocol: 'https:', hostname, port, pathname: '/a/inbox', search: '?x=1' });
    expect(desktopUrl(at('m.portico.test'))).toBe('https://portico.test/a/inbox?x=1');
    expect(desktopUrl(at('m.portico.test', '8443'))).toBe('https://portico.test:8443/a/inbox?x=1');
    expect(desktopUrl(at('portico.test'))).toBeNull();
  });
});
