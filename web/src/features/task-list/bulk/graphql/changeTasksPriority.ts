import { graphql } from '../../../../gql';

/** Sets one priority on many threads. */
export const CHANGE_TASKS_PRIORITY = graphql(`
  mutation ChangeTasksPriority($companyId: ID, $group: Boolean, $taskIds: [ID!], $allTasks: Boolean, $folder: String, $filters: InboxFilters, $assignedMe: Boolean, $meCustomers: Boolean, $todo: Boolean, $priority: String!) {
    changeTasksPriority(companyId: $companyId, group: $group, taskIds: $taskIds, allTasks: $allTasks, folder: $folder, filters: $filters, assignedMe: $assignedMe, meCustomers: $meCustomers, todo: $todo, priority: $priority) {
      ...BulkResultFields
    }
  }
`);
