// The admin screens' shared pattern (DESIGN: "Admin and settings screens share one pattern"):
// a list hook with server paging kept in the address, its table and its search box.
export { AdminSearch, SEARCH_DEBOUNCE_MS, type AdminSearchProps } from './AdminSearch';
export { AdminTable, type AdminTableEmpty, type AdminTableProps } from './AdminTable';
export { isFiltered, readTableState, tableParam, writeTableState, type FilterValue, type Filters, type TableState } from './tableState';
export { useAdminList, type AdminList, type AdminListOptions, type Collection } from './useAdminList';
