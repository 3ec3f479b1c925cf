import type { TaskRow } from '../hooks/useTasks';

/** Rows of the tasks table for component tests. */
export function makeRows(n: number, extra: (i: number) => Partial<TaskRow> = () => ({})): TaskRow[] {
  return Array.from({ length: n }, (_, i) => ({
    __typename: 'InboxTask' as const,
    uuid: `task-${i}`,
    companyId: 'acme',
    company: { __typename: 'InboxCompany' as const, uuid: 'acme', name: 'Acme Oy' },
    title: `Task ${i}`,
    status: i % 2 ? 'in_progress' : 'created',
    priority: 'medium',
    urgent: false,
    dueDate: null,
    overdue: false,
    hidden: false,
    read: true,
    unreadCount: 0,
    mentioned: false,
    activityAt: '2026-11-22T12:00:00Z',
    categoryId: '1',
    category: { __typename: 'Category' as const, id: '1', name: 'Accounting', categoryType: 'other' },
    user: null,
    userActive: true,
    responsible: null,
    responsibleActive: true,
    type: 'workflow_task',
    workflowInstanceId: null,
    externalActions: null,
    workflow: null,
    workflowParameters: [],
    ...extra(i),
  }));
}
