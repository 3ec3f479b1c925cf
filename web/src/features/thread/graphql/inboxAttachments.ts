import { graphql } from '../../../gql';

/** The attachments panel: newest first, paged by lastId. */
export const THREAD_ATTACHMENTS = graphql(`
  query ThreadAttachments($companyId: ID, $taskId: ID!, $limit: Int, $lastId: ID) {
    inboxAttachments(companyId: $companyId, taskId: $taskId, limit: $limit, lastId: $lastId) {
      totalCount
      collection {
        ...ThreadAttachmentFields
      }
    }
  }
`);
