import { graphql } from '../../../gql';

/** Deletes the chosen files the viewer may delete; names the others. */
export const DELETE_FILES = graphql(`
  mutation DeleteFiles($fileIds: [ID!]!, $companyId: ID!) {
    deleteFiles(fileIds: $fileIds, companyId: $companyId) {
      success
      deletedIds
      notAllowedFiles {
        uuid
        filename
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
