import { graphql } from '../../../gql';

export const DELETE_MESSAGE = graphql(`
  mutation ThreadDeleteMessage($taskId: ID!, $messageId: ID!) {
    deleteMessage(taskId: $taskId, messageId: $messageId) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
