import { graphql } from '../../../../gql';

/** Sets one completion date on many threads. */
export const CHANGE_TASKS_COMPLETION_DATE = graphql(`
  mutation ChangeTasksCompletionDate($companyId: ID, $group: Boolean, $taskIds: [ID!], $allTasks: Boolean, $folder: String, $filters: InboxFilters, $assignedMe: Boolean, $meCustomers: Boolean, $todo: Boolean, $completionDate: DateTime) {
    changeTasksCompletionDate(companyId: $companyId, group: $group, taskIds: $taskIds, allTasks: $allTasks, folder: $folder, filters: $filters, assignedMe: $assignedMe, meCustomers: $meCustomers, todo: $todo, completionDate: $completionDate) {
      ...BulkResultFields
    }
  }
`);
