// The inboxTasks arguments for what the inbox shows: scope, folder, tab and filters.

import type {
  InboxFolderStatsQueryVariables,
  InboxThreadsQueryVariables,
  SearchThreadsQueryVariables,
} from '../../../gql/graphql';
import { ANYONE, NOBODY, statusesOf, toServerFilters, typesForSenders, type InboxFilterState } from '../../task-list';
import { tabFlags } from '../../task-list';
import type { Folder, InboxTab } from '../../task-list';

/** The sidebar's page size (spec 001 §9). */
export const PAGE_SIZE = 10;

const OPEN = ['created', 'in_progress'];

export interface ListView {
  readonly companyId: string | null;
  readonly group: boolean;
  readonly folder: Folder;
  readonly tab: InboxTab;
  readonly filters: InboxFilterState;
  readonly categoryIds: readonly string[];
}

const FOLDER_FLAG: Partial<Record<Folder, 'unread' | 'new' | 'inProgress' | 'closed' | 'hidden'>> = {
  unread: 'unread',
  new: 'new',
  inProgress: 'inProgress',
  closed: 'closed',
  bin: 'hidden',
};

/**
 * The variables of the list query, or null when it is not the one to ask: search results
 * come from searchInboxTasks, and a status filter of Completed leaves the Inbox folder empty.
 *
 * Folders with a flag let the server intersect the status filter with the folder. The
 * inbox folder has no flag once filters are sent, so its statuses are the open ones,
 * narrowed by the status filter here.
 */
export function listVariables(view: ListView): InboxThreadsQueryVariables | null {
  if (view.folder === 'search') return null;
  const chosen = statusesOf(view.filters.statuses);
  let statuses: string[] | undefined;
  if (view.folder === 'inbox') {
    statuses = chosen.length ? OPEN.filter((s) => chosen.includes(s)) : OPEN;
    if (statuses.length === 0) return null;
  } else if (chosen.length) {
    statuses = chosen;
  }
  const vars: InboxThreadsQueryVariables = {
    companyId: view.companyId,
    group: view.group || null,
    limit: PAGE_SIZE,
    filters: toServerFilters(view.filters, { categoryIds: view.categoryIds, statuses }),
  };
  const flag = FOLDER_FLAG[view.folder];
  if (flag) vars[flag] = true;
  return { ...vars, ...tabFlags(view.tab) };
}

/** The folder name the bulk mutations take with allTasks (search results are not a folder). */
export function bulkFolder(folder: Folder): string | null {
  return folder === 'search' ? null : folder;
}

const people = (ids: readonly string[]): string[] | null => {
  const list = ids.filter((v) => v !== ANYONE && v !== NOBODY);
  return list.length ? list : null;
};

/**
 * The search results folder's query: the text, and the filters searchInboxTasks takes
 * (participants, senders, assignees, with attachments). Null outside the search results.
 */
export function searchVariables(view: ListView): SearchThreadsQueryVariables | null {
  const query = view.filters.query.trim();
  if (view.folder !== 'search' || !query) return null;
  return {
    companyId: view.companyId,
    group: view.group || null,
    page: 1,
    limit: PAGE_SIZE,
    query,
    attachments: view.filters.flags.includes('withAttachments') || null,
    participants: people(view.filters.participantIds),
    senders: people(view.filters.senderIds),
    responsible: people(view.filters.responsibleIds),
  };
}

/** The counters' query while searching (inboxTasks brings them otherwise). */
export function statsVariables(view: ListView): InboxFolderStatsQueryVariables {
  return {
    companyId: view.companyId,
    group: view.group || null,
    categoryIds: view.categoryIds.length ? [...view.categoryIds] : null,
    types: typesForSenders(view.filters.senderIds),
  };
}
