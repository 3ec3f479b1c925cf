// What a bulk change's answer means for the user (spec 001 §8): which toasts to show.

import { can } from '../../../app/session/abilities';
import type { AbilityRule } from '../../../app/session/types';
import type { BulkResultFieldsFragment } from '../../../gql/graphql';

export type BulkKind = 'status' | 'priority' | 'due_date' | 'completion_date' | 'assign' | 'unread' | 'read';

/** The company ability behind each bulk action (spec 001 §6). */
export const BULK_ABILITY: Record<BulkKind, string> = {
  status: 'bulk_change_status',
  priority: 'bulk_change_priority',
  due_date: 'bulk_change_due_date',
  completion_date: 'bulk_change_completion_date',
  assign: 'bulk_assign',
  unread: 'bulk_change_unread',
  read: 'bulk_change_unread',
};

export interface BulkOutcome {
  /** Catalogue errors of the whole request (nothing was changed). */
  readonly errors: BulkResultFieldsFragment['errors'];
  readonly succeeded: number;
  readonly failed: number;
  /** Threads that could not be assigned, for the assign failure message. */
  readonly failedNames: readonly string[];
}

export function bulkOutcome(payload: BulkResultFieldsFragment): BulkOutcome {
  const succeeded = payload.result.filter((r) => r.success).length;
  const failedByResult = payload.result.length - succeeded;
  return {
    errors: payload.errors,
    succeeded,
    failed: Math.max(payload.transactionsCount, failedByResult),
    failedNames:
      payload.taskNames.length > 0 ? payload.taskNames : payload.result.filter((r) => !r.success).map((r) => r.title),
  };
}

/** The thread names of a failed assign, each in quotes: "A", "B". */
export const quotedNames = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');

export interface CompanyRules {
  readonly companyId: string;
  readonly rules: readonly Pick<AbilityRule, 'action' | 'subject' | 'inverted'>[];
}

/**
 * A bulk action shows when the user has its ability in at least one company among the
 * selected threads (all companies of the list when every matching thread is selected).
 * Admins pass every check.
 */
export function canBulk(
  kind: BulkKind,
  companyIds: readonly string[] | 'all',
  abilities: readonly CompanyRules[],
  admin: boolean,
): boolean {
  if (admin) return true;
  const action = BULK_ABILITY[kind];
  return abilities.some(
    (a) => (companyIds === 'all' || companyIds.includes(a.companyId)) && can(a.rules, action, 'Inbox::Task'),
  );
}
