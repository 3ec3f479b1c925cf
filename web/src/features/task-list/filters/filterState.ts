// The inbox filters (spec 001 §3 Filters, §4 Responsible filter) as one plain value, the
// rules of the responsible and sender pickers, and the InboxFilters input the server takes.

import type { InboxFilters } from '../../../gql/graphql';

export const ANYONE = 'anyone';
export const NOBODY = 'nobody';

export type TaskType = 'inbox_task' | 'workflow_task';
export const TASK_TYPES: readonly TaskType[] = ['inbox_task', 'workflow_task'];

export type Priority = 'very_high' | 'high' | 'medium' | 'low';
export const PRIORITIES: readonly Priority[] = ['very_high', 'high', 'medium', 'low'];

/** The status groups of the filter: completed = closed, cancelled, skipped, failed. */
export type StatusGroup = 'not_started' | 'in_progress' | 'completed';
export const STATUS_GROUPS: readonly StatusGroup[] = ['not_started', 'in_progress', 'completed'];

/** Content and due-date toggles, each a plain on/off. */
export const FLAG_FILTERS = [
  'urgent',
  'withMessages',
  'withAttachments',
  'withDueDate',
  'overdue',
  'dueToday',
  'dueTomorrow',
] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];

export interface InboxFilterState {
  /** The search text; applied on Enter or blur. */
  readonly query: string;
  /** User uuids, ANYONE or NOBODY. */
  readonly responsibleIds: readonly string[];
  /** User uuids, ANYONE (people: inbox tasks) or NOBODY (the system: workflow tasks). */
  readonly senderIds: readonly string[];
  readonly priority: readonly Priority[];
  readonly statuses: readonly StatusGroup[];
  readonly companyIds: readonly string[];
  /** Workflow uuids (threads made by runs of these workflows); staff only. */
  readonly workflowIds: readonly string[];
  /** User uuids: threads these people took part in (wrote, reacted, acted). */
  readonly participantIds: readonly string[];
  /** ISO dates (YYYY-MM-DD), inclusive. */
  readonly dueDateFrom: string | null;
  readonly dueDateTo: string | null;
  readonly flags: readonly FlagFilter[];
}

export const DEFAULT_FILTERS: InboxFilterState = {
  query: '',
  responsibleIds: [],
  senderIds: [],
  priority: [],
  statuses: [],
  companyIds: [],
  workflowIds: [],
  participantIds: [],
  dueDateFrom: null,
  dueDateTo: null,
  flags: [],
};

/** The filters being edited: everything but the search text. */
export type FiltersDraft = Omit<InboxFilterState, 'query'>;

export const draftOf = ({ query: _query, ...rest }: InboxFilterState): FiltersDraft => rest;

const isSpecial = (value: string, meId: string): boolean =>
  value === ANYONE || value === NOBODY || value === meId;

/**
 * Picking in the responsible filter: anyone, nobody or me replace the whole selection; a
 * specific user removes anyone and nobody; picking a chosen value again removes it.
 */
export function toggleResponsible(current: readonly string[], picked: string, meId: string): string[] {
  if (current.includes(picked)) return current.filter((v) => v !== picked);
  if (isSpecial(picked, meId)) return [picked];
  return [...current.filter((v) => v !== ANYONE && v !== NOBODY), picked];
}

/** Picking in the sender filter: a plain toggle (the types follow from the result). */
export function toggleSender(current: readonly string[], picked: string): string[] {
  return current.includes(picked) ? current.filter((v) => v !== picked) : [...current, picked];
}

/** Sender anyone: inbox tasks only; nobody: workflow tasks only; both or neither: both. */
export function typesForSenders(senderIds: readonly string[]): TaskType[] {
  const anyone = senderIds.includes(ANYONE);
  const nobody = senderIds.includes(NOBODY);
  if (anyone && !nobody) return ['inbox_task'];
  if (nobody && !anyone) return ['workflow_task'];
  return [...TASK_TYPES];
}

/** Statuses (as the server spells them) that the status groups stand for. */
export function statusesOf(groups: readonly StatusGroup[]): string[] {
  const out: string[] = [];
  if (groups.includes('not_started')) out.push('created');
  if (groups.includes('in_progress')) out.push('in_progress');
  if (groups.includes('completed')) out.push('closed', 'cancelled', 'skipped', 'failed');
  return out;
}

/** How many filters differ from the defaults (the badge on the filters button); search excluded. */
export function activeFilterCount(f: InboxFilterState): number {
  let n = f.flags.length;
  for (const list of [f.responsibleIds, f.senderIds, f.priority, f.statuses, f.companyIds, f.workflowIds, f.participantIds]) {
    if (list.length > 0) n += 1;
  }
  if (f.dueDateFrom || f.dueDateTo) n += 1;
  return n;
}

const startOfDayIso = (date: string): string => new Date(`${date}T00:00:00`).toISOString();
const endOfDayIso = (date: string): string => new Date(`${date}T23:59:59.999`).toISOString();

/**
 * The InboxFilters input for a filter state. categoryIds come from the header's category
 * switcher; `statuses` are passed only when the caller's folder takes a status filter.
 */
export function toServerFilters(
  f: InboxFilterState,
  extra: { readonly categoryIds: readonly string[]; readonly statuses?: readonly string[] },
): InboxFilters {
  const out: InboxFilters = {};
  const query = f.query.trim();
  if (query) out.query = query;
  if (f.responsibleIds.length) out.responsibleIds = f.responsibleIds.map((value) => ({ value }));
  if (f.senderIds.length) out.senderIds = f.senderIds.map((value) => ({ value }));
  if (f.priority.length) out.priority = [...f.priority];
  if (f.companyIds.length) out.companyIds = [...f.companyIds];
  if (f.workflowIds.length) out.workflowIds = [...f.workflowIds];
  if (f.participantIds.length) out.participantIds = [...f.participantIds];
  if (extra.categoryIds.length) out.categoryIds = [...extra.categoryIds];
  if (f.dueDateFrom) out.dueDateFrom = startOfDayIso(f.dueDateFrom);
  if (f.dueDateTo) out.dueDateTo = endOfDayIso(f.dueDateTo);
  for (const flag of f.flags) out[flag] = true;
  if (extra.statuses) out.status = [...extra.statuses];
  out.types = typesForSenders(f.senderIds);
  return out;
}
