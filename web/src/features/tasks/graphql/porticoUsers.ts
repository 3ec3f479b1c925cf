import { graphql } from '../../../gql';

/** Active provider staff of a company (or of every company the viewer sees), for the assignee switcher. */
export const TASKS_STAFF = graphql(`
  query TasksStaff($companyId: ID, $search: String, $limit: Int) {
    porticoUsers(companyId: $companyId, search: $search, limit: $limit) {
      collection {
        uuid
        name
      }
      totalCount
    }
  }
`);
