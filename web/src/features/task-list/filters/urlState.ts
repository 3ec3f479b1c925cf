// The inbox's state in the address (spec 001 §2): folder, filter (the active tab) and the
// filters. A value equal to its default is left out, so a default view has a clean address.

import {
  DEFAULT_FILTERS,
  FLAG_FILTERS,
  PRIORITIES,
  STATUS_GROUPS,
  type FlagFilter,
  type InboxFilterState,
  type Priority,
  type StatusGroup,
} from './filterState';

export type Folder = 'search' | 'inbox' | 'unread' | 'new' | 'inProgress' | 'closed' | 'bin';
export const FOLDERS: readonly Folder[] = ['search', 'inbox', 'unread', 'new', 'inProgress', 'closed', 'bin'];
export const DEFAULT_FOLDER: Folder = 'inbox';

export type InboxTab = 'all' | 'assigned_to_me' | 'my_customers' | 'todo';
export const DEFAULT_TAB: InboxTab = 'all';

export interface TabContext {
  readonly staff: boolean;
  /** The user is a responsible person (my_customers shows only then, without a company). */
  readonly responsible: boolean;
  readonly companySelected: boolean;
}

/** Tabs for staff: all, assigned_to_me, my_customers (responsible, no company); customers: all, todo. */
export function availableTabs(ctx: TabContext): InboxTab[] {
  if (!ctx.staff) return ['all', 'todo'];
  const tabs: InboxTab[] = ['all', 'assigned_to_me'];
  if (ctx.responsible && !ctx.companySelected) tabs.push('my_customers');
  return tabs;
}

/** The folders a user sees: bin only for admins; search results only while searching. */
export function availableFolders(ctx: { readonly admin: boolean; readonly searching: boolean }): Folder[] {
  return FOLDERS.filter((f) => (f === 'bin' ? ctx.admin : f === 'search' ? ctx.searching : true));
}

// Query parameter names of the filters.
const P = {
  query: 'q',
  responsibleIds: 'responsible',
  senderIds: 'sender',
  priority: 'priority',
  statuses: 'status',
  companyIds: 'companies',
  workflowIds: 'workflows',
  participantIds: 'participants',
  dueDateFrom: 'due_from',
  dueDateTo: 'due_to',
  flags: 'flags',
} as const satisfies Record<keyof InboxFilterState, string>;

/** Every query parameter the inbox owns besides folder and filter. */
export const FILTER_PARAMS: readonly string[] = Object.values(P);

const list = (params: URLSearchParams, key: string): string[] =>
  (params.get(key) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const oneOf = <T extends string>(values: readonly T[], candidates: readonly string[]): T[] =>
  values.filter((v) => candidates.includes(v));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (value: string | null): string | null => (value && ISO_DATE.test(value) ? value : null);

/** Reads the filters from the address; anything unknown falls back to the default. */
export function readFilters(params: URLSearchParams): InboxFilterState {
  return {
    query: params.get(P.query) ?? DEFAULT_FILTERS.query,
    responsibleIds: list(params, P.responsibleIds),
    senderIds: list(params, P.senderIds),
    priority: oneOf<Priority>(PRIORITIES, list(params, P.priority)),
    statuses: oneOf<StatusGroup>(STATUS_GROUPS, list(params, P.statuses)),
    companyIds: list(params, P.companyIds),
    workflowIds: list(params, P.workflowIds),
    participantIds: list(params, P.participantIds),
    dueDateFrom: date(params.get(P.dueDateFrom)),
    dueDateTo: date(params.get(P.dueDateTo)),
    flags: oneOf<FlagFilter>(FLAG_FILTERS, list(params, P.flags)),
  };
}

/** Writes the filters into a copy of the params, leaving out every value equal to its default. */
export function writeFilters(params: URLSearchParams, filters: InboxFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | null) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  put(P.query, filters.query.trim() || null);
  put(P.responsibleIds, filters.responsibleIds.join(',') || null);
  put(P.senderIds, filters.senderIds.join(',') || null);
  put(P.priority, filters.priority.join(',') || null);
  put(P.statuses, filters.statuses.join(',') || null);
  put(P.companyIds, filters.companyIds.join(',') || null);
  put(P.workflowIds, filters.workflowIds.join(',') || null);
  put(P.participantIds, filters.participantIds.join(',') || null);
  put(P.dueDateFrom, filters.dueDateFrom);
  put(P.dueDateTo, filters.dueDateTo);
  put(P.flags, filters.flags.join(',') || null);
  return next;
}

/** The folder from the address: unknown, hidden (bin for non-admins) or search without a query fall back to inbox. */
export function readFolder(params: URLSearchParams, ctx: { readonly admin: boolean }): Folder {
  const value = params.get('folder');
  const searching = Boolean(params.get(P.query)?.trim());
  const folder = FOLDERS.find((f) => f === value);
  if (!folder) return searching ? 'search' : DEFAULT_FOLDER;
  return availableFolders({ admin: ctx.admin, searching }).includes(folder) ? folder : DEFAULT_FOLDER;
}

/** The tab from the address (query parameter filter); an unknown or unavailable value falls back to all. */
export function readTab(params: URLSearchParams, ctx: TabContext): InboxTab {
  const value = params.get('filter');
  return availableTabs(ctx).find((t) => t === value) ?? DEFAULT_TAB;
}

/** Sets folder and tab, leaving them out when they are the defaults. */
export function writeView(params: URLSearchParams, view: { folder?: Folder; tab?: InboxTab }): URLSearchParams {
  const next = new URLSearchParams(params);
  if (view.folder !== undefined) {
    if (view.folder === DEFAULT_FOLDER) next.delete('folder');
    else next.set('folder', view.folder);
  }
  if (view.tab !== undefined) {
    if (view.tab === DEFAULT_TAB) next.delete('filter');
    else next.set('filter', view.tab);
  }
  return next;
}

/** Switching folder keeps only the category filter (kept outside the address): every filter resets. */
export function switchFolder(params: URLSearchParams, folder: Folder): URLSearchParams {
  return writeView(writeFilters(params, DEFAULT_FILTERS), { folder });
}
