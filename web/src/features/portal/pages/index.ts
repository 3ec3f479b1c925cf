// The portal management pages (issue 15): one chunk for banners, countries and holidays, and the events log.
export { CompanySystemBannersPage } from './CompanySystemBannersPage';
export { CountriesPage } from './CountriesPage';
export { CountryHolidaysPage } from './CountryHolidaysPage';
export { EventsPage } from './EventsPage';
export { InfoBannersPage } from './InfoBannersPage';
