import { graphql } from '../../../gql';

export const ASSIGN_TASK_TO = graphql(`
  mutation ThreadAssignTaskTo($companyId: ID, $taskId: ID!, $userId: ID, $nobody: Boolean) {
    assignTaskTo(companyId: $companyId, taskId: $taskId, userId: $userId, nobody: $nobody) {
      task {
        ...ThreadTaskFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
