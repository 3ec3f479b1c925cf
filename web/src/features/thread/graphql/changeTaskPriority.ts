import { graphql } from '../../../gql';

export const CHANGE_TASK_PRIORITY = graphql(`
  mutation ThreadChangeTaskPriority($taskId: ID!, $priority: String!) {
    changeTaskPriority(taskId: $taskId, priority: $priority) {
      task {
        ...ThreadTaskFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
