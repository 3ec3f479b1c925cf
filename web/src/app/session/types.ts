// The shape of GET /api/init.json, exactly as the server sends it (camelCase).

export type UserRole = 'admin' | 'user';
export type UserType = 'portico_user' | 'customer';
export type CategoryType = 'sensitive' | 'internal' | 'other';

export interface InitUser {
  uuid: string;
  name: string;
  email: string;
  phone: string | null;
  avatar: string | null;
  active: boolean;
  userRole: UserRole;
  userType: UserType;
  responsible: boolean;
  realtimeToken: string;
  /** The interface language stored for the user (en, fi or sv); the app switches to it at once. */
  language?: string;
  /** The agent's category filter saved at logout (updateSelectedCategoryIds); init.json does not send it yet. */
  selectedCategoryIds?: string[] | null;
}

export interface Category {
  id: string;
  name: string;
  active: boolean;
  color: string | null;
  bgColor: string | null;
  iconName: string | null;
  categoryType: CategoryType;
}

/** One permission rule of a company, as computed by the server. */
export interface AbilityRule {
  action: string | string[];
  subject: string | string[];
  fields?: string[] | null;
  conditions?: Record<string, unknown> | null;
  inverted?: boolean;
}

export interface InitCompany {
  uuid: string;
  name: string;
  businessId: string | null;
  termsAccepted: boolean;
  favorite: boolean;
  active: boolean;
  /** The company's own hosts (customers belong there, guard 8). */
  activeCompanyDomains?: string[];
  countryCodes: string[];
  categories: Category[];
  rules: AbilityRule[];
}

export interface InitGroup {
  uuid: string;
  name: string;
  favorite: boolean;
  motherCompanyId: string | null;
  companyIds: string[];
}

export interface InitData {
  user: InitUser;
  companies: InitCompany[];
  groups: InitGroup[];
  categories: Category[];
  favorites: string[];
  realtimeToken: string;
  adminPanel: boolean;
  /** Where customers read the terms (TERMS_URL, `{lang}` for the language); "" for the portal's own text. */
  termsUrl?: string;
  /** The authentication host (AUTH_URL, else this host): where companies' identity providers send people back. */
  authUrl?: string;
  /** The company the mobile app named in x-company-uuid, when the user has it (spec 000 §7). */
  selectedCompanyId?: string | null;
}

export const isProviderStaff = (user: Pick<InitUser, 'userType'>): boolean =>
  user.userType === 'portico_user';
