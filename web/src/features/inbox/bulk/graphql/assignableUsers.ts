import { graphql } from '../../../../gql';

/** People who may see a thread; the bulk assignee picker keeps the staff among them. */
export const ASSIGNABLE_USERS = graphql(`
  query AssignableUsers($companyId: ID, $taskId: ID, $search: String) {
    users(companyId: $companyId, taskId: $taskId, search: $search, onlyActive: true, limit: 50) {
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
