/** The twelve triggers in the spec's order (002 §9). */
export const TRIGGERS = [
  'newMessageThread',
  'newMessageInThread',
  'newReactionToMyMessage',
  'urgentMessageThread',
  'threadMentionOfMe',
  'assignmentChanged',
  'threadStatusChanged',
  'threadDueDateChanged',
  'threadDueDateApproaching',
  'threadDueDateOverdue',
  'newFileUploaded',
  'accessRightsChanged',
] as const;

export type Trigger = (typeof TRIGGERS)[number];

export const NOTIFICATION_TYPES = ['none', 'email_immediately', 'digest', 'every_day'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export type SettingType = 'customer' | 'portico' | 'portico_customers';

/** every_day is only for due-date approaching and overdue (002 §4). */
export function typesFor(trigger: Trigger): readonly NotificationType[] {
  return trigger === 'threadDueDateApproaching' || trigger === 'threadDueDateOverdue'
    ? NOTIFICATION_TYPES
    : NOTIFICATION_TYPES.filter((type) => type !== 'every_day');
}

/** assignmentChanged is only for the staff's types (002 §6). */
export function triggersFor(type: SettingType): readonly Trigger[] {
  return type === 'customer' ? TRIGGERS.filter((trigger) => trigger !== 'assignmentChanged') : TRIGGERS;
}

export interface SettingValue {
  readonly notificationType: string;
  readonly categoryIds: readonly string[];
  readonly companyIds: readonly string[];
  readonly categoryName: string | null;
  readonly companyName: string | null;
}

/**
 * What a badge reads (002 §4): "all" when nothing is chosen, the one name when one is, and
 * "multiple" for more. The scope is categories for customers and companies for staff.
 */
export function badgeValue(
  setting: SettingValue,
  byCategory: boolean,
  nameOf: (id: string) => string | undefined,
): { readonly kind: 'all' | 'multiple' } | { readonly kind: 'one'; readonly name: string } {
  const ids = byCategory ? setting.categoryIds : setting.companyIds;
  if (ids.length === 0) return { kind: 'all' };
  if (ids.length > 1) return { kind: 'multiple' };
  const [only] = ids;
  const name = (byCategory ? setting.categoryName : setting.companyName) ?? (only === undefined ? undefined : nameOf(only));
  return name ? { kind: 'one', name } : { kind: 'multiple' };
}

/** The tabs a user has: customers none (one type), staff all, and my_customers when responsible. */
export function tabsFor(userType: string, responsible: boolean): readonly SettingType[] {
  if (userType === 'customer') return ['customer'];
  return responsible ? ['portico', 'portico_customers'] : ['portico'];
}

/** A setting after a change, as the optimistic answer shows it until the server's comes. */
export function changed(
  setting: SettingValue,
  change: { readonly notificationType?: string; readonly ids?: readonly string[] },
  byCategory: boolean,
  nameOf: (id: string) => string | undefined,
): SettingValue {
  const next = { ...setting, ...(change.notificationType ? { notificationType: change.notificationType } : {}) };
  if (!change.ids) return next;
  const [only] = change.ids;
  const one = change.ids.length === 1 && only !== undefined ? (nameOf(only) ?? null) : null;
  return byCategory
    ? { ...next, categoryIds: [...change.ids], categoryName: one }
    : { ...next, companyIds: [...change.ids], companyName: one };
}
