import { graphql } from '../../../gql';

/** Moves files into another folder: all of them or none. */
export const MOVE_FILES = graphql(`
  mutation MoveFiles($fileIds: [ID!]!, $folderId: ID!) {
    moveFiles(fileIds: $fileIds, folderId: $folderId) {
      success
      folder {
        uuid
        name
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
