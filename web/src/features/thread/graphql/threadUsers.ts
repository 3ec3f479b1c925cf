import { graphql } from '../../../gql';

/** People who may see the thread: mention suggestions and the assignee picker. */
export const THREAD_USERS = graphql(`
  query ThreadUsers($companyId: ID, $taskId: ID, $search: String, $page: Int, $limit: Int) {
    users(companyId: $companyId, taskId: $taskId, search: $search, onlyActive: true, page: $page, limit: $limit) {
      totalCount
      collection {
        uuid
        name
        email
        userType
        active
      }
    }
  }
`);
