import { Kind, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { InboxTab } from '../filters/urlState';
import { bulkTargetVariables, type BulkTarget } from './bulkVariables';
import { ASSIGN_TASKS_TO } from './graphql/assignTasksTo';
import { CHANGE_TASKS_COMPLETION_DATE } from './graphql/changeTasksCompletionDate';
import { CHANGE_TASKS_DUE_DATE } from './graphql/changeTasksDueDate';
import { CHANGE_TASKS_PRIORITY } from './graphql/changeTasksPriority';
import { CHANGE_TASKS_STATUS } from './graphql/changeTasksStatus';
import { CHANGE_TASKS_UNREAD } from './graphql/changeTasksUnread';

const filters = { status: ['created', 'in_progress'] };
const allMatching = (tab: InboxTab, extra: Partial<BulkTarget> = {}): BulkTarget => ({
  companyId: 'acme',
  group: false,
  taskIds: null,
  folder: 'inbox',
  tab,
  filters,
  ...extra,
});

describe('the bulk target', () => {
  it.each<[InboxTab, Record<string, true>]>([
    ['all', {}],
    ['assigned_to_me', { assignedMe: true }],
    ['my_customers', { meCustomers: true }],
    ['todo', { todo: true }],
  ])('sends the %s tab with all matching threads', (tab, flags) => {
    const vars = bulkTargetVariables(allMatching(tab));
    expect(vars).toEqual({ companyId: 'acme', group: null, allTasks: true, folder: 'inbox', filters, ...flags });
    for (const flag of ['assignedMe', 'meCustomers', 'todo'].filter((f) => !(f in flags))) {
      expect(vars).not.toHaveProperty(flag);
    }
  });

  it('sends only the ids for single threads, whatever the tab', () => {
    expect(bulkTargetVariables(allMatching('assigned_to_me', { taskIds: ['t1', 't2'], group: true }))).toEqual({
      companyId: 'acme',
      group: true,
      taskIds: ['t1', 't2'],
    });
  });

  it("sends the tasks table's selection (no folder, no tab) with its filters", () => {
    expect(bulkTargetVariables(allMatching('all', { companyId: null, folder: null }))).toEqual({
      companyId: null,
      group: null,
      allTasks: true,
      folder: null,
      filters,
    });
  });
});

/** The variables an operation declares (an undeclared one would never reach the server). */
function declared(doc: DocumentNode): string[] {
  return doc.definitions.flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION ? (d.variableDefinitions ?? []).map((v) => v.variable.name.value) : [],
  );
}

describe('the bulk mutations', () => {
  it.each(
    Object.entries({
      assignTasksTo: ASSIGN_TASKS_TO,
      changeTasksCompletionDate: CHANGE_TASKS_COMPLETION_DATE,
      changeTasksDueDate: CHANGE_TASKS_DUE_DATE,
      changeTasksPriority: CHANGE_TASKS_PRIORITY,
      changeTasksStatus: CHANGE_TASKS_STATUS,
      changeTasksUnread: CHANGE_TASKS_UNREAD,
    }),
  )('%s declares every target variable, the tab flags included', (_name, doc) => {
    const names = declared(doc);
    for (const name of ['companyId', 'group', 'taskIds', 'allTasks', 'folder', 'filters', 'assignedMe', 'meCustomers', 'todo']) {
      expect(names).toContain(name);
    }
  });
});
