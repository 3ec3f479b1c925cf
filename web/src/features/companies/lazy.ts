// The feature's entries loaded on demand (import()): each loader is its own chunk, so a
// route or a pane fetches only what it shows. Only loaders here, no static imports
// (docs/decisions/0126-feature-boundaries.md).
export const loadCompaniesPage = () => import('./pages/CompaniesPage');
export const loadCompanyCardLayout = () => import('./components/CompanyCardLayout');
export const loadCompanyCountriesPage = () => import('./pages/CompanyCountriesPage');
export const loadCompanyCustomerInfoPage = () => import('./pages/CompanyCustomerInfoPage');
export const loadDynamicFieldsPage = () => import('./pages/DynamicFieldsPage');
