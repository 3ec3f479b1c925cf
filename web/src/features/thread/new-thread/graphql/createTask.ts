import { graphql } from '../../../../gql';

/** Starts a new thread in a company and category; with files or a pasted image as a multipart request. */
export const CREATE_TASK = graphql(`
  mutation CreateTask(
    $companyId: ID!
    $categoryId: ID!
    $title: String!
    $description: String
    $urgent: Boolean
    $image: Upload
    $files: [Upload!]
  ) {
    createTask(
      companyId: $companyId
      categoryId: $categoryId
      title: $title
      description: $description
      urgent: $urgent
      image: $image
      files: $files
    ) {
      task {
        uuid
        companyId
        status
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
