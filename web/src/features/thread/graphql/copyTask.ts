import { graphql } from '../../../gql';

export const COPY_TASK = graphql(`
  mutation ThreadCopyTask($taskId: ID!, $companyId: ID) {
    copyTask(taskId: $taskId, companyId: $companyId) {
      task {
        uuid
        companyId
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
