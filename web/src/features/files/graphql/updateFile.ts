import { graphql } from '../../../gql';

/** Renames a file or changes its description. */
export const UPDATE_FILE = graphql(`
  mutation UpdateFile($fileId: ID!, $filename: String, $description: String) {
    updateFile(fileId: $fileId, filename: $filename, description: $description) {
      file {
        ...CompanyFileFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
