import { describe, expect, it } from 'vitest';
import { applyBannerEvent, bannerFromEvent, isBannerShown, withoutBanner, type BannerItem } from './bannerList';

const banner = (id: string, extra: Partial<BannerItem> = {}): BannerItem => ({
  __typename: 'SystemBanner',
  id,
  uuid: id,
  bannerGroup: 'global',
  bannerType: 'info',
  description: `<p>Banner ${id}</p>`,
  dismissible: true,
  userTypes: ['customer'],
  companyId: null,
  ...extra,
});

const event = (key: string, b: BannerItem) => ({ key, data: { ...b } as Record<string, unknown> });
const customerInAcme = { userType: 'customer', companyIds: ['acme'] };

describe('applyBannerEvent', () => {
  it('adds a created banner for the viewer at the end', () => {
    const list = [banner('a')];
    expect(applyBannerEvent(list, event('system_banner.create', banner('b')), customerInAcme).map((b) => b.id)).toEqual([
      'a',
      'b',
    ]);
  });

  it('merges an update by id, in place', () => {
    const list = [banner('a'), banner('b')];
    const next = applyBannerEvent(
      list,
      event('system_banner.update', banner('a', { bannerType: 'warning', description: 'Now a warning' })),
      customerInAcme,
    );
    expect(next.map((b) => [b.id, b.bannerType, b.description])).toEqual([
      ['a', 'warning', 'Now a warning'],
      ['b', 'info', '<p>Banner b</p>'],
    ]);
  });

  it('does not duplicate a banner created twice (create after a refetch)', () => {
    const list = [banner('a')];
    expect(applyBannerEvent(list, event('system_banner.create', banner('a')), customerInAcme)).toHaveLength(1);
  });

  it('removes a destroyed banner by id and ignores unknown ones', () => {
    const list = [banner('a'), banner('b')];
    expect(applyBannerEvent(list, { key: 'system_banner.destroy', data: { uuid: 'a' } }, customerInAcme)).toEqual([
      banner('b'),
    ]);
    expect(applyBannerEvent(list, { key: 'system_banner.destroy', data: { uuid: 'zzz' } }, customerInAcme)).toBe(list);
  });

  it('keeps other user types and other companies out, and drops a banner an update moved away', () => {
    const list = [banner('a')];
    const forStaff = banner('s', { userTypes: ['portico_user'] });
    expect(applyBannerEvent(list, event('system_banner.create', forStaff), customerInAcme)).toBe(list);
    const borealis = banner('c', { bannerGroup: 'company', companyId: 'borealis' });
    expect(applyBannerEvent(list, event('system_banner.create', borealis), customerInAcme)).toBe(list);
    expect(
      applyBannerEvent(list, event('system_banner.create', borealis), { userType: 'customer', companyIds: null }),
    ).toHaveLength(2);
    expect(
      applyBannerEvent(list, event('system_banner.update', banner('a', { userTypes: ['portico_user'] })), customerInAcme),
    ).toEqual([]);
  });

  it('does not bring back a banner the viewer dismissed', () => {
    const audience = { ...customerInAcme, dismissed: new Set(['a']) };
    expect(applyBannerEvent([], event('system_banner.update', banner('a')), audience)).toEqual([]);
  });

  it('ignores other keys and events without an id or fields', () => {
    const list = [banner('a')];
    expect(applyBannerEvent(list, { key: 'inbox_thread.update', data: { uuid: 'a' } }, customerInAcme)).toBe(list);
    expect(applyBannerEvent(list, { key: 'system_banner.create', data: {} }, customerInAcme)).toBe(list);
    expect(applyBannerEvent(list, { key: 'system_banner.create', data: { uuid: 'x' } }, customerInAcme)).toBe(list);
  });
});

describe('banner helpers', () => {
  it('reads a banner from event data as the server sends it', () => {
    expect(
      bannerFromEvent({
        uuid: 'u1',
        id: 'u1',
        bannerGroup: 'company',
        bannerType: 'warning',
        description: 'Hi',
        dismissible: false,
        userTypes: ['customer', 'portico_user'],
        companyId: 'acme',
      }),
    ).toEqual(
      banner('u1', {
        bannerGroup: 'company',
        bannerType: 'warning',
        description: 'Hi',
        dismissible: false,
        userTypes: ['customer', 'portico_user'],
        companyId: 'acme',
      }),
    );
  });

  it('shows global banners in every scope and company banners in theirs', () => {
    expect(isBannerShown(banner('g'), { userType: 'customer', companyIds: [] })).toBe(true);
    const acme = banner('c', { bannerGroup: 'company', companyId: 'acme' });
    expect(isBannerShown(acme, customerInAcme)).toBe(true);
    expect(isBannerShown(acme, { userType: 'customer', companyIds: ['borealis'] })).toBe(false);
  });

  it('drops a dismissed banner', () => {
    expect(withoutBanner([banner('a'), banner('b')], 'a')).toEqual([banner('b')]);
  });
});
