import { graphql } from '../../../gql';

export const CREATE_MESSAGE = graphql(`
  mutation ThreadCreateMessage($taskId: ID!, $message: String, $image: Upload, $replyableData: ReplyableData) {
    createMessage(taskId: $taskId, message: $message, image: $image, replyableData: $replyableData) {
      activity {
        ...ThreadActivityFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
