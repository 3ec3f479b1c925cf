import { graphql } from '../../../../gql';

/** Sets one status on many threads. */
export const CHANGE_TASKS_STATUS = graphql(`
  mutation ChangeTasksStatus($companyId: ID, $group: Boolean, $taskIds: [ID!], $allTasks: Boolean, $folder: String, $filters: InboxFilters, $assignedMe: Boolean, $meCustomers: Boolean, $todo: Boolean, $status: String!) {
    changeTasksStatus(companyId: $companyId, group: $group, taskIds: $taskIds, allTasks: $allTasks, folder: $folder, filters: $filters, assignedMe: $assignedMe, meCustomers: $meCustomers, todo: $todo, status: $status) {
      ...BulkResultFields
    }
  }
`);
