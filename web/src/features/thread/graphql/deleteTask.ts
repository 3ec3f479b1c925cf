import { graphql } from '../../../gql';

export const DELETE_TASK = graphql(`
  mutation ThreadDeleteTask($taskId: ID!) {
    deleteTask(taskId: $taskId) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
