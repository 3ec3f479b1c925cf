import { graphql } from '../../../gql';

/** Deletes a folder with its subfolders and files. */
export const DELETE_FOLDER = graphql(`
  mutation DeleteFolder($folderId: ID!) {
    deleteFolder(folderId: $folderId) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
