// Builders of threads for the unit tests, as the server answers them (with __typename,
// so that the normalised cache keys them as the app's does).

export const user = (uuid: string | null, name: string) => ({ __typename: 'InboxUser', uuid, name, active: true, masked: uuid === null });
const category = { __typename: 'Category', id: '1', name: 'Accounting', categoryType: 'other' };

/** A thread as a card of the list has it (InboxThreadFields). */
export function card(uuid: string, extra: Record<string, unknown> = {}) {
  return {
    __typename: 'InboxTask',
    uuid,
    companyId: 'acme',
    company: { __typename: 'InboxCompany', uuid: 'acme', name: 'Acme Oy' },
    title: `Thread ${uuid}`,
    status: 'created',
    priority: 'medium',
    urgent: false,
    dueDate: null,
    overdue: false,
    hidden: false,
    read: false,
    unreadCount: 2,
    unreadActivityId: 'a1',
    mentioned: true,
    activityAt: '2026-11-20T10:00:00Z',
    categoryId: '1',
    category,
    user: user('u-anna', 'Anna Acme'),
    userActive: true,
    responsible: null,
    responsibleActive: true,
    type: 'inbox_task',
    workflow: null,
    ...extra,
  };
}

/** The same thread as the pane has it (ThreadTaskFields). */
export function paneTask(uuid: string, extra: Record<string, unknown> = {}) {
  const { mentioned: _mentioned, ...base } = card(uuid);
  return {
    ...base,
    company: {
      __typename: 'InboxCompany',
      uuid: 'acme',
      name: 'Acme Oy',
      rules: [{ __typename: 'Rule', action: 'manage', subject: 'all', fields: null, conditions: null, inverted: false }],
    },
    description: null,
    permittedTransitions: ['in_progress', 'closed'],
    statusEditable: true,
    completionDate: null,
    overdueStatus: 'fresh',
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    category: { ...category, active: true },
    user: { __typename: 'InboxUser', uuid: 'u-anna', name: 'Anna Acme', userType: 'customer', active: true, masked: false },
    responsible: null,
    taskType: 'inbox_task',
    ...extra,
  };
}
