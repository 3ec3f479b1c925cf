import { graphql } from '../../../gql';

export const CHANGE_TASK_DUE_DATE = graphql(`
  mutation ThreadChangeTaskDueDate($companyId: ID, $taskId: ID!, $dueDate: DateTime) {
    changeTaskDueDate(companyId: $companyId, taskId: $taskId, dueDate: $dueDate) {
      task {
        ...ThreadTaskFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
