import { graphql } from '../../../gql';

export const DELETE_ATTACHMENTS = graphql(`
  mutation ThreadDeleteAttachments($attachmentIds: [ID!]!, $companyId: ID) {
    deleteAttachments(attachmentIds: $attachmentIds, companyId: $companyId) {
      success
      deletedIds
      attachmentIds
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
