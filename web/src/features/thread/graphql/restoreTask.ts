import { graphql } from '../../../gql';

export const RESTORE_TASK = graphql(`
  mutation ThreadRestoreTask($taskId: ID!) {
    restoreTask(taskId: $taskId) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
