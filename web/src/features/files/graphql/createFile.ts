import { graphql } from '../../../gql';

/** Uploads one file (GraphQL multipart request). */
export const CREATE_FILE = graphql(`
  mutation CreateFile($content: Upload!, $description: String, $filename: String, $folderId: ID!) {
    createFile(content: $content, description: $description, filename: $filename, folderId: $folderId) {
      file {
        ...CompanyFileFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
