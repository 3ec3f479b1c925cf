// The inbox's state in the address (spec 001 §2): folder, filter (the active tab) and the
// filters (search_filters, also read by the tasks table). A value equal to its default is left
// out, so a default view has a clean address. Where the filters are also kept: useFilterParams.

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

/** The query parameter holding the filters (spec 000 §1): a JSON object of the non-default ones. */
export const SEARCH_FILTERS_PARAM = 'search_filters';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : [];

const oneOf = <T extends string>(values: readonly T[], candidates: unknown): T[] => {
  const picked = strings(candidates);
  return values.filter((v) => picked.includes(v));
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (value: unknown): string | null => (typeof value === 'string' && ISO_DATE.test(value) ? value : null);

function parseObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The filters a search_filters text (from the address or from storage) stands for. Malformed
 * JSON, unknown keys and values of the wrong kind fall back to the defaults, so a stale link or a
 * stored value from an older version never breaks the list.
 */
export function parseFilters(text: string | null): InboxFilterState {
  if (!text) return DEFAULT_FILTERS;
  const o = parseObject(text);
  return {
    query: typeof o.query === 'string' ? o.query : DEFAULT_FILTERS.query,
    responsibleIds: strings(o.responsibleIds),
    senderIds: strings(o.senderIds),
    priority: oneOf<Priority>(PRIORITIES, o.priority),
    statuses: oneOf<StatusGroup>(STATUS_GROUPS, o.statuses),
    companyIds: strings(o.companyIds),
    workflowIds: strings(o.workflowIds),
    participantIds: strings(o.participantIds),
    dueDateFrom: date(o.dueDateFrom),
    dueDateTo: date(o.dueDateTo),
    flags: oneOf<FlagFilter>(FLAG_FILTERS, o.flags),
  };
}

/** The search_filters text of the filters: only the values that differ from the defaults; null for none. */
export function serializeFilters(filters: InboxFilterState): string | null {
  const out: Record<string, unknown> = {};
  const query = filters.query.trim();
  if (query) out.query = query;
  const lists = ['responsibleIds', 'senderIds', 'priority', 'statuses', 'companyIds', 'workflowIds', 'participantIds', 'flags'] as const;
  for (const key of lists) if (filters[key].length) out[key] = [...filters[key]];
  if (filters.dueDateFrom) out.dueDateFrom = filters.dueDateFrom;
  if (filters.dueDateTo) out.dueDateTo = filters.dueDateTo;
  return Object.keys(out).length ? JSON.stringify(out) : null;
}

/** Reads the filters from the address; anything unknown falls back to the default. */
export function readFilters(params: URLSearchParams): InboxFilterState {
  return parseFilters(params.get(SEARCH_FILTERS_PARAM));
}

/** Writes the filters into a copy of the params, leaving the parameter out when they equal the defaults. */
export function writeFilters(params: URLSearchParams, filters: InboxFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  const text = serializeFilters(filters);
  if (text) next.set(SEARCH_FILTERS_PARAM, text);
  else next.delete(SEARCH_FILTERS_PARAM);
  return next;
}

/** The folder from the address: unknown, hidden (bin for non-admins) or search without a query fall back to inbox. */
export function readFolder(params: URLSearchParams, ctx: { readonly admin: boolean }): Folder {
  const value = params.get('folder');
  const searching = readFilters(params).query.trim() !== '';
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
