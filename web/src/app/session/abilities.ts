import type { AbilityRule, InitCompany, InitUser } from './types';

const asList = (value: string | string[]): string[] => (Array.isArray(value) ? value : [value]);

function ruleMatches(rule: AbilityRule, action: string, subject: string | undefined): boolean {
  const actions = asList(rule.action);
  if (!actions.includes(action) && !actions.includes('manage')) return false;
  if (subject === undefined) return true;
  const subjects = asList(rule.subject);
  return subjects.includes(subject) || subjects.includes('all');
}

/**
 * Checks a company ability from the rules the server computed (CASL-style: the last
 * matching rule wins, an inverted rule denies). Conditions are not evaluated here: a rule
 * with conditions grants at the type level and the server decides per record.
 */
export function can(rules: readonly AbilityRule[], action: string, subject?: string): boolean {
  for (let i = rules.length - 1; i >= 0; i -= 1) {
    const rule = rules[i];
    if (rule && ruleMatches(rule, action, subject)) return !rule.inverted;
  }
  return false;
}

/** Admin users pass every company ability check (spec 000 §6). */
export function canInCompany(
  user: Pick<InitUser, 'userRole'>,
  company: Pick<InitCompany, 'rules'> | undefined,
  action: string,
  subject?: string,
): boolean {
  if (user.userRole === 'admin') return true;
  if (!company) return false;
  return can(company.rules, action, subject);
}
