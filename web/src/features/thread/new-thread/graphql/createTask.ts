import { graphql } from '../../../../gql';

/** Starts a new thread in a company and category. */
export const CREATE_TASK = graphql(`
  mutation CreateTask(
    $companyId: ID!
    $categoryId: ID!
    $title: String!
    $description: String
    $urgent: Boolean
  ) {
    createTask(
      companyId: $companyId
      categoryId: $categoryId
      title: $title
      description: $description
      urgent: $urgent
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
