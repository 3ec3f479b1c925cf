// The viewer's rules per company for the bulk actions of a list. inboxTasks answers the
// rules of the companies of its page only (an agent of a thousand companies would
// otherwise receive every company's rules with every page); the lists join the pages they
// loaded, and init.json's rules stand in for companies no loaded row belongs to (every
// matching thread selected, a search, a thread kept in view).

import type { InitCompany } from '../../../app/session/types';
import type { CompanyRules } from './bulkOutcome';

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
