import type { TFunction } from 'i18next';
import type { ConditionData, DueDateRule, TaskData, WaitData } from './types';

// The one-line essentials each node shows (and the details card and sidebar reuse).

type T = TFunction<'workflowDesigner'>;

export function assigneeText(t: T, data: TaskData, names: Readonly<Record<string, string>> = {}): string {
  const a = data.assignee;
  if (!a || a.type === '' || a.type === 'nobody') return t('assignee.nobody');
  if (a.type === 'responsible') return t('assignee.responsible');
  return a.userId ? (names[`user:${a.userId}`] ?? t('assignee.user')) : t('assignee.user_missing');
}

export function anchorText(t: T, anchor: DueDateRule['anchorDate']): string {
  if (!anchor) return t('due.anchor_field');
  return t(`anchor.${anchor.date_type}`, { day: anchor.day_number });
}

export function dueText(t: T, rule: DueDateRule | undefined): string {
  if (!rule || rule.type === 'none') return t('due.none');
  if (rule.type === 'offset') {
    return t(rule.businessDays ? 'due.offset_business' : 'due.offset', { count: rule.days ?? 0 });
  }
  return rule.anchorDate ? anchorText(t, rule.anchorDate) : t('due.anchor_field');
}

export function conditionText(t: T, data: ConditionData): string {
  if (!data.parameter) return t('condition.incomplete');
  const op = data.operator ? t(`operator.${data.operator}`) : '?';
  if (data.operator === 'is_empty' || data.operator === 'is_not_empty') return `${data.parameter} ${op}`;
  const value = data.value === undefined || data.value === null ? '?' : String(data.value);
  return `${data.parameter} ${op} ${value}`;
}

export function waitText(t: T, data: WaitData): string {
  if (data.type === 'duration') {
    const parts: string[] = [];
    if (data.days) parts.push(t('wait.days', { count: data.days }));
    if (data.hours) parts.push(t('wait.hours', { count: data.hours }));
    if (data.minutes) parts.push(t('wait.minutes', { count: data.minutes }));
    return parts.length > 0 ? parts.join(' ') : t('wait.incomplete');
  }
  if (data.type === 'anchor_date') {
    const at = data.timeOfDay ? ` ${data.timeOfDay}` : '';
    return `${data.anchorDate ? anchorText(t, data.anchorDate) : t('due.anchor_field')}${at}`;
  }
  return t('wait.incomplete');
}
