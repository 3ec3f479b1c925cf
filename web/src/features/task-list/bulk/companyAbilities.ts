// The viewer's rules per company for the bulk actions of a list. inboxTasks answers the
// rules of the companies of its page only (an agent of a thousand companies would
// otherwise receive every company's rules with every page), each distinct set of rules
// once with the companies that have it; the lists join the pages they loaded, and
// init.json's rules stand in for companies no loaded row belongs to (every matching thread
// selected, a search, a thread kept in view).

import type { InitCompany } from '../../../app/session/types';
import type { CompanyRules } from './bulkOutcome';

/** One set of rules as inboxTasks answers it (companyAbilities): once, for all its companies. */
export interface RuleSet<R> {
  readonly companyIds: readonly string[];
  readonly rules: R;
}

/** A company's rules, spread from a rule set. */
export interface RulesOf<R> {
  readonly companyId: string;
  readonly rules: R;
}

/** The rule sets of the loaded pages spread to one entry per company, in order. */
export function perCompany<R>(sets: readonly RuleSet<R>[]): RulesOf<R>[] {
  return sets.flatMap((set) => set.companyIds.map((companyId) => ({ companyId, rules: set.rules })));
}

/**
 * Joins the rule sets of a next page to those already known (the lists' fetchMore): each
 * company keeps its newest rules, in the order first seen, and companies with equal rules
 * share one set again, so the cache holds a few sets however many pages are loaded.
 */
export function joinRuleSets<T extends RuleSet<unknown>>(known: readonly T[], next: readonly T[]): T[] {
  const newest = new Map<string, T>();
  for (const set of [...known, ...next]) for (const id of set.companyIds) newest.set(id, set);
  const keys = new Map<T, string>();
  const joined = new Map<string, { set: T; companyIds: string[] }>();
  for (const [companyId, set] of newest) {
    const key = keys.get(set) ?? JSON.stringify(set.rules);
    keys.set(set, key);
    const entry = joined.get(key) ?? { set, companyIds: [] };
    entry.companyIds.push(companyId);
    joined.set(key, entry);
  }
  return [...joined.values()].map(({ set, companyIds }) => ({ ...set, companyIds }));
}

/**
 * Joins the rules of a next page to those already known: one entry per company, in the
 * order first seen; a company's newer rules replace its older ones.
 */
export function joinAbilities<T extends { readonly companyId: string }>(known: readonly T[], next: readonly T[]): T[] {
  const byCompany = new Map<string, T>();
  for (const entry of [...known, ...next]) byCompany.set(entry.companyId, entry);
  return [...byCompany.values()];
}

/**
 * The session's rules (init.json) in the companies of a view: its company, group or all
 * companies, narrowed by the company filter when one is set.
 */
export function scopeAbilities(
  companies: readonly Pick<InitCompany, 'uuid' | 'rules'>[],
  filterCompanyIds?: readonly (string | number)[] | null,
): CompanyRules[] {
  const wanted = filterCompanyIds && filterCompanyIds.length > 0 ? new Set(filterCompanyIds.map(String)) : null;
  return companies.filter((c) => !wanted || wanted.has(c.uuid)).map((c) => ({ companyId: c.uuid, rules: c.rules }));
}
