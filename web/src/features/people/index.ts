// The feature's public face: what other features and app/ use (docs/decisions/0126-feature-boundaries.md).
export { CompanyUsersTable } from './components/CompanyUsersTable';
export { CustomerMembershipsTable, StaffMembershipsTable } from './components/MembershipsTable';
