import { graphql } from '../../../../gql';

/** Sets one due date on many threads. */
export const CHANGE_TASKS_DUE_DATE = graphql(`
  mutation ChangeTasksDueDate($companyId: ID, $group: Boolean, $taskIds: [ID!], $allTasks: Boolean, $folder: String, $filters: InboxFilters, $assignedMe: Boolean, $meCustomers: Boolean, $todo: Boolean, $dueDate: DateTime) {
    changeTasksDueDate(companyId: $companyId, group: $group, taskIds: $taskIds, allTasks: $allTasks, folder: $folder, filters: $filters, assignedMe: $assignedMe, meCustomers: $meCustomers, todo: $todo, dueDate: $dueDate) {
      ...BulkResultFields
    }
  }
`);
