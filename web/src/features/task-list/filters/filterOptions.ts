// What the workflow and participant pickers ask the server and how they turn the answers
// into options (spec 001 §7: companyWorkflows with page, limit 30, search debounced 300 ms,
// companyIds and categoryIds; users with companyId and categoryId).

import type { InitCompany, InitGroup } from '../../../app/session/types';

export interface FilterOption {
  readonly value: string;
  readonly label: string;
}

/** companyWorkflows page size in the workflow filter. */
export const WORKFLOW_PAGE_SIZE = 30;
/** Wait after the last key before asking the server (spec 001 §9). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Customers find people from this many characters (spec 001 §9). */
export const CUSTOMER_SEARCH_MIN = 4;
/** Up to this many company and category pairs are asked for participants; beyond, the loaded threads' people stand in. */
export const MAX_PARTICIPANT_PAIRS = 16;

export interface FilterScope {
  readonly company: Pick<InitCompany, 'uuid'> | undefined;
  readonly companyGroup: Pick<InitGroup, 'companyIds' | 'motherCompanyId'> | undefined;
}

/**
 * The companies the workflow and participant pickers are about: the companies chosen in
 * the companies filter, else the selected company, else the group's companies; null in
 * the all-companies view (every company the user may see).
 */
export function scopeCompanyIds(scope: FilterScope, chosen: readonly string[]): string[] | null {
  if (scope.company) return [scope.company.uuid];
  if (chosen.length) return [...chosen];
  if (scope.companyGroup) {
    const { companyIds, motherCompanyId } = scope.companyGroup;
    return [...new Set([...(motherCompanyId ? [motherCompanyId] : []), ...companyIds])];
  }
  return null;
}

export interface WorkflowRow {
  readonly workflow: { readonly uuid: string; readonly name: string };
}

/** One option per workflow: a workflow assigned to several companies is listed once. */
export function workflowOptions(rows: readonly WorkflowRow[]): FilterOption[] {
  const seen = new Map<string, string>();
  for (const { workflow } of rows) if (!seen.has(workflow.uuid)) seen.set(workflow.uuid, workflow.name);
  return [...seen].map(([value, label]) => ({ value, label }));
}

/** The next page to ask for, or null when every row is loaded. */
export function nextPage(loaded: number, totalCount: number, pageSize: number = WORKFLOW_PAGE_SIZE): number | null {
  return loaded < totalCount ? Math.floor(loaded / pageSize) + 1 : null;
}

export interface CompanyCategoryPair {
  readonly companyId: string;
  readonly categoryId: string;
}

/**
 * The users queries behind the participant picker: one per company in scope and category
 * (the header's category filter, when set). None in the all-companies view or when there
 * would be more than MAX_PARTICIPANT_PAIRS.
 */
export function participantPairs(
  companies: readonly Pick<InitCompany, 'uuid' | 'categories'>[],
  companyIds: readonly string[] | null,
  categoryFilter: readonly string[],
): CompanyCategoryPair[] {
  if (!companyIds) return [];
  const pairs: CompanyCategoryPair[] = [];
  for (const company of companies) {
    if (!companyIds.includes(company.uuid)) continue;
    for (const category of company.categories) {
      if (categoryFilter.length && !categoryFilter.includes(category.id)) continue;
      pairs.push({ companyId: company.uuid, categoryId: category.id });
    }
  }
  return pairs.length > MAX_PARTICIPANT_PAIRS ? [] : pairs;
}

/** Customers search people from CUSTOMER_SEARCH_MIN characters; staff see them at once. */
export function peopleSearchReady(staff: boolean, search: string): boolean {
  return staff || search.trim().length >= CUSTOMER_SEARCH_MIN;
}

const matches = (label: string, search: string): boolean => label.toLowerCase().includes(search.trim().toLowerCase());

/**
 * The participant options: me first, then everyone found or seen in the loaded threads,
 * once each, by name, narrowed by the search.
 */
export function participantOptions(
  me: FilterOption,
  found: readonly (readonly FilterOption[])[],
  search: string,
): FilterOption[] {
  const byId = new Map<string, string>();
  for (const list of found) for (const p of list) if (p.value !== me.value && !byId.has(p.value)) byId.set(p.value, p.label);
  const others = [...byId]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [me, ...others].filter((p) => matches(p.label, search));
}

// Names of the people and workflows seen in this page load, so that a chosen value shows
// its name even when the current answer does not list it.
const knownLabels = new Map<string, string>();

export function rememberLabels(options: readonly FilterOption[]): void {
  for (const o of options) knownLabels.set(o.value, o.label);
}

/** The options plus any chosen value they lack, labelled by what was seen before or by fallback. */
export function withChosen(options: readonly FilterOption[], chosen: readonly string[], fallback: string): FilterOption[] {
  const listed = new Set(options.map((o) => o.value));
  const missing = chosen
    .filter((value) => !listed.has(value))
    .map((value) => ({ value, label: knownLabels.get(value) ?? fallback }));
  return [...options, ...missing];
}
