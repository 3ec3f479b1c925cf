import { graphql } from '../../../gql';

export const DOWNLOAD_INBOX_ZIP_FILE = graphql(`
  mutation ThreadDownloadInboxZipFile($taskId: ID!, $companyId: ID!, $attachmentIds: [ID!]) {
    downloadInboxZipFile(taskId: $taskId, companyId: $companyId, attachmentIds: $attachmentIds) {
      inboxZipFile {
        uuid
        archivedAt
        error
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
