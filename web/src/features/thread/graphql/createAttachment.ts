import { graphql } from '../../../gql';

/** Sent as a GraphQL multipart request by the upload queue (utils/multipartUpload). */
export const CREATE_ATTACHMENT = graphql(`
  mutation ThreadCreateAttachment($taskId: ID!, $content: Upload!) {
    createAttachment(taskId: $taskId, content: $content) {
      attachment {
        ...ThreadAttachmentFields
      }
      activity {
        uuid
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
