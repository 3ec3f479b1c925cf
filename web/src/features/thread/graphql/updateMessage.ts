import { graphql } from '../../../gql';

export const UPDATE_MESSAGE = graphql(`
  mutation ThreadUpdateMessage($taskId: ID!, $messageId: ID!, $message: String, $removeImage: Boolean) {
    updateMessage(taskId: $taskId, messageId: $messageId, message: $message, removeImage: $removeImage) {
      activity {
        ...ThreadActivityFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
