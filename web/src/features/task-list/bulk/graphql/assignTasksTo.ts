import { graphql } from '../../../../gql';

/** Assigns many threads to one staff user, or to nobody. */
export const ASSIGN_TASKS_TO = graphql(`
  mutation AssignTasksTo($companyId: ID, $group: Boolean, $taskIds: [ID!], $allTasks: Boolean, $folder: String, $filters: InboxFilters, $assignedMe: Boolean, $meCustomers: Boolean, $todo: Boolean, $userId: ID, $nobody: Boolean) {
    assignTasksTo(companyId: $companyId, group: $group, taskIds: $taskIds, allTasks: $allTasks, folder: $folder, filters: $filters, assignedMe: $assignedMe, meCustomers: $meCustomers, todo: $todo, userId: $userId, nobody: $nobody) {
      ...BulkResultFields
    }
  }
`);
