import { canInCompany } from '../../../app/session/abilities';
import type { AbilityRule, InitUser } from '../../../app/session/types';
import type { ThreadTask } from './types';

export const TASK_SUBJECT = 'Inbox::Task';
export const MESSAGE_SUBJECT = 'Inbox::Message';
export const ATTACHMENT_SUBJECT = 'Inbox::Attachment';

/** Statuses in which a thread is finished: no writing, no date, priority or assignee changes. */
export const FINISHED_STATUSES: ReadonlySet<string> = new Set(['closed', 'failed', 'skipped', 'cancelled', 'canceled', 'completed']);

export const isFinished = (status: string): boolean => FINISHED_STATUSES.has(status);

export type ThreadFooterState = 'hidden' | 'closed' | 'inactiveCategory' | 'composer';

/** What the bottom of the pane shows: the bin notice, the closed notice, the inactive-category notice or the composer. */
export function footerStateOf(task: Pick<ThreadTask, 'hidden' | 'status' | 'category'>): ThreadFooterState {
  if (task.hidden) return 'hidden';
  if (isFinished(task.status)) return 'closed';
  if (task.category && !task.category.active) return 'inactiveCategory';
  return 'composer';
}

export interface ThreadAbilities {
  readonly isAdmin: boolean;
  readonly isStaff: boolean;
  readonly changeStatus: boolean;
  readonly changePriority: boolean;
  readonly changeDueDate: boolean;
  readonly changeUrgent: boolean;
  readonly assign: boolean;
  readonly markAsRead: boolean;
  readonly markAsUnread: boolean;
  readonly generatePdf: boolean;
  readonly viewReaders: boolean;
  readonly writeMessage: boolean;
  readonly addAttachment: boolean;
  /** Edit and delete own messages (the server checks authorship). */
  readonly changeOwnMessages: boolean;
  readonly deleteTask: boolean;
  readonly restoreTask: boolean;
  readonly copyTask: boolean;
}

const toRules = (task: Pick<ThreadTask, 'company'>): AbilityRule[] =>
  task.company.rules.map((r) => ({
    action: r.action,
    subject: r.subject,
    fields: r.fields ?? null,
    conditions: (r.conditions as Record<string, unknown> | null) ?? null,
    inverted: r.inverted,
  }));

/** The viewer's abilities on the open thread, from the rules the server sent with it. */
export function threadAbilities(user: Pick<InitUser, 'userRole' | 'userType'>, task: ThreadTask): ThreadAbilities {
  const company = { rules: toRules(task) };
  const can = (action: string, subject = TASK_SUBJECT) => canInCompany(user, company, action, subject);
  const footer = footerStateOf(task);
  const open = footer === 'composer';
  const isAdmin = user.userRole === 'admin';
  return {
    isAdmin,
    isStaff: user.userType === 'portico_user',
    changeStatus: !task.hidden && task.statusEditable && task.permittedTransitions.length > 0 && can('change_status'),
    changePriority: open && can('change_priority'),
    changeDueDate: open && can('change_due_date'),
    changeUrgent: open && can('change_urgent'),
    assign: open && can('assign'),
    // Admins read without a trace (spec 001 §6).
    markAsRead: !isAdmin && can('mark_as_read'),
    markAsUnread: !isAdmin && !isFinished(task.status) && can('mark_as_unread'),
    generatePdf: can('generate_pdf'),
    viewReaders: can('view_readers', MESSAGE_SUBJECT) || can('view_readers'),
    writeMessage: open && can('create', MESSAGE_SUBJECT),
    addAttachment: open && can('create', ATTACHMENT_SUBJECT),
    changeOwnMessages: open && (can('update', MESSAGE_SUBJECT) || can('hide', MESSAGE_SUBJECT)),
    deleteTask: !task.hidden && can('destroy'),
    restoreTask: task.hidden && can('restore'),
    copyTask: isFinished(task.status) && !task.hidden && can('copy'),
  };
}
