import { graphql } from '../../../../gql';

/** Marks many threads read or unread. */
export const CHANGE_TASKS_UNREAD = graphql(`
  mutation ChangeTasksUnread($companyId: ID, $group: Boolean, $taskIds: [ID!], $allTasks: Boolean, $folder: String, $filters: InboxFilters, $assignedMe: Boolean, $meCustomers: Boolean, $todo: Boolean, $unreadStatus: Boolean!) {
    changeTasksUnread(companyId: $companyId, group: $group, taskIds: $taskIds, allTasks: $allTasks, folder: $folder, filters: $filters, assignedMe: $assignedMe, meCustomers: $meCustomers, todo: $todo, unreadStatus: $unreadStatus) {
      ...BulkResultFields
    }
  }
`);
