import type { Category, InitCompany, InitData, InitGroup, InitUser } from '../app/session/types';

export const category = (id: string, name: string, extra: Partial<Category> = {}): Category => ({
  id,
  name,
  active: true,
  color: null,
  bgColor: null,
  iconName: null,
  categoryType: 'other',
  ...extra,
});

export const ACCOUNTING = category('1', 'Accounting');
export const PAYROLL = category('2', 'Payroll', { categoryType: 'sensitive' });

export const company = (uuid: string, name: string, extra: Partial<InitCompany> = {}): InitCompany => ({
  uuid,
  name,
  businessId: null,
  termsAccepted: true,
  favorite: false,
  active: true,
  countryCodes: ['fi'],
  categories: [ACCOUNTING, PAYROLL],
  rules: [],
  ...extra,
});

export const group = (uuid: string, name: string, extra: Partial<InitGroup> = {}): InitGroup => ({
  uuid,
  name,
  favorite: false,
  motherCompanyId: null,
  companyIds: [],
  ...extra,
});

export const user = (extra: Partial<InitUser> = {}): InitUser => ({
  uuid: 'user-1',
  name: 'Test User',
  email: 'user@example.test',
  phone: null,
  avatar: null,
  active: true,
  userRole: 'user',
  userType: 'customer',
  responsible: false,
  realtimeToken: 'token',
  ...extra,
});

export const ACME = company('acme', 'Acme Oy');
export const BOREALIS = company('borealis', 'Borealis AB', { countryCodes: ['se'] });
export const KALEV = company('kalev', 'Kalev AS', { countryCodes: ['ee'], termsAccepted: false });

export function initData(extra: Partial<InitData> = {}): InitData {
  const companies = extra.companies ?? [ACME];
  return {
    user: user(),
    companies,
    groups: [],
    categories: [ACCOUNTING, PAYROLL],
    favorites: [],
    realtimeToken: 'token',
    adminPanel: false,
    ...extra,
  };
}

export const customer = (extra: Partial<InitData> = {}): InitData => initData(extra);

export const agent = (extra: Partial<InitData> = {}): InitData =>
  initData({
    user: user({ uuid: 'agent-1', name: 'Agent', userType: 'portico_user' }),
    companies: [ACME, BOREALIS],
    groups: [group('nordic', 'Nordic Group', { motherCompanyId: 'acme', companyIds: ['borealis'] })],
    ...extra,
  });
