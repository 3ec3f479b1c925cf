import { graphql } from '../../../gql';

/** Adds a subfolder. */
export const CREATE_FOLDER = graphql(`
  mutation CreateFolder($name: String!, $parentFolderId: ID, $companyId: ID!) {
    createFolder(name: $name, parentFolderId: $parentFolderId, companyId: $companyId) {
      folder {
        ...FolderFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
