import { describe, expect, it } from 'vitest';
import { footerStateOf, threadAbilities } from './threadState';
import type { ThreadTask } from './types';

const task = (extra: Partial<ThreadTask> = {}): ThreadTask =>
  ({
    uuid: 't1',
    companyId: 'acme',
    company: {
      uuid: 'acme',
      name: 'Acme Oy',
      rules: [
        { action: 'change_status', subject: 'Inbox::Task', fields: null, conditions: null, inverted: false },
        { action: 'create', subject: 'Inbox::Message', fields: null, conditions: null, inverted: false },
        { action: 'mark_as_read', subject: 'Inbox::Task', fields: null, conditions: null, inverted: false },
        { action: 'copy', subject: 'Inbox::Task', fields: null, conditions: null, inverted: false },
      ],
    },
    status: 'in_progress',
    statusEditable: true,
    permittedTransitions: ['closed'],
    hidden: false,
    category: { id: '1', name: 'Accounting', active: true, categoryType: 'other' },
    ...extra,
  }) as ThreadTask;

const agent = { userRole: 'user', userType: 'portico_user' } as const;

describe('thread state', () => {
  it('picks the footer: bin, closed, inactive category, composer', () => {
    expect(footerStateOf(task({ hidden: true, status: 'closed' }))).toBe('hidden');
    expect(footerStateOf(task({ status: 'cancelled' }))).toBe('closed');
    expect(footerStateOf(task({ category: { id: '1', name: 'A', active: false, categoryType: 'other' } }))).toBe('inactiveCategory');
    expect(footerStateOf(task())).toBe('composer');
  });

  it('allows writing only in an open thread the rules allow', () => {
    expect(threadAbilities(agent, task()).writeMessage).toBe(true);
    expect(threadAbilities(agent, task({ status: 'closed' })).writeMessage).toBe(false);
    expect(threadAbilities(agent, task()).changePriority).toBe(false);
  });

  it('offers copy only for finished threads and never marks read for admins', () => {
    expect(threadAbilities(agent, task()).copyTask).toBe(false);
    expect(threadAbilities(agent, task({ status: 'closed' })).copyTask).toBe(true);
    expect(threadAbilities(agent, task()).markAsRead).toBe(true);
    expect(threadAbilities({ userRole: 'admin', userType: 'portico_user' }, task()).markAsRead).toBe(false);
  });

  it('shows status as read-only when not editable or nothing is permitted', () => {
    expect(threadAbilities(agent, task({ statusEditable: false })).changeStatus).toBe(false);
    expect(threadAbilities(agent, task({ permittedTransitions: [] })).changeStatus).toBe(false);
  });
});
