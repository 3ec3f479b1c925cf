import { graphql } from '../../../gql';

export const CHANGE_TASK_URGENT = graphql(`
  mutation ThreadChangeTaskUrgent($companyId: ID, $taskId: ID!, $urgent: Boolean!) {
    changeTaskUrgent(companyId: $companyId, taskId: $taskId, urgent: $urgent) {
      task {
        ...ThreadTaskFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
