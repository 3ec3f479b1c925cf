import { graphql } from '../../../gql';

/** Starts a zip of chosen files, or of a folder with its subfolders. */
export const DOWNLOAD_CONTENT_ZIP_FILE = graphql(`
  mutation DownloadContentZipFile($companyId: ID!, $fileIds: [ID!], $folderId: ID) {
    downloadContentZipFile(companyId: $companyId, fileIds: $fileIds, folderId: $folderId) {
      contentZipFile {
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
