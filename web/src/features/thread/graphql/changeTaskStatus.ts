import { graphql } from '../../../gql';

export const CHANGE_TASK_STATUS = graphql(`
  mutation ThreadChangeTaskStatus($companyId: ID, $taskId: ID!, $status: String!) {
    changeTaskStatus(companyId: $companyId, taskId: $taskId, status: $status) {
      task {
        ...ThreadTaskFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
