// A list view for the unit tests: Acme Oy's inbox folder, the All tab, no filters.

import { DEFAULT_FILTERS } from '../../task-list';
import type { ListView } from './listVariables';

export const testView = (extra: Partial<ListView> = {}): ListView => ({
  companyId: 'acme',
  group: false,
  folder: 'inbox',
  tab: 'all',
  filters: DEFAULT_FILTERS,
  categoryIds: [],
  ...extra,
});
