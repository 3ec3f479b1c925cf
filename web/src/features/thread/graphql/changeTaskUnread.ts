import { graphql } from '../../../gql';

export const CHANGE_TASK_UNREAD = graphql(`
  mutation ThreadChangeTaskUnread($companyId: ID, $taskId: ID!, $unreadStatus: Boolean!) {
    changeTaskUnread(companyId: $companyId, taskId: $taskId, unreadStatus: $unreadStatus) {
      task {
        ...ThreadTaskFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
