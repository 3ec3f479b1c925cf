import { graphql } from '../../../gql';

/** One activity, fetched again when realtime says it changed. */
export const THREAD_ACTIVITY = graphql(`
  query ThreadActivity($companyId: ID, $id: ID!, $taskId: ID) {
    inboxActivity(companyId: $companyId, id: $id, taskId: $taskId) {
      ...ThreadActivityFields
    }
  }
`);
