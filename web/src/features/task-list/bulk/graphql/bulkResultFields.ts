import { graphql } from '../../../../gql';

/** The answer of every bulk change: per-thread results and the failure summary. */
export const BULK_RESULT_FIELDS = graphql(`
  fragment BulkResultFields on BulkTasksPayload {
    result {
      taskId
      title
      success
    }
    transactionsCount
    taskNames
    success
    errors {
      ...MutationErrorFields
    }
  }
`);
