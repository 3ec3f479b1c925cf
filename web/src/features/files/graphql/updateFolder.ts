import { graphql } from '../../../gql';

/** Renames a folder and/or moves it under another parent. */
export const UPDATE_FOLDER = graphql(`
  mutation UpdateFolder($folderId: ID!, $name: String, $parentFolderId: ID) {
    updateFolder(folderId: $folderId, name: $name, parentFolderId: $parentFolderId) {
      folder {
        ...FolderFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
