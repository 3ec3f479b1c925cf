// The feature's public face: what other features and app/ use (docs/decisions/0126-feature-boundaries.md).
export { CompanyProfileView } from './components/CompanyProfileView';
export { HiddenViewBanners } from './components/HiddenViewBanners';
export { COMPANY_CARD_ROUTES } from './utils/companyCard';
