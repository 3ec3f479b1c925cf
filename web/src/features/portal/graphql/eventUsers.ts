import { graphql } from '../../../gql';

/** Users to filter the events log by (searched by name or e-mail). */
export const EVENT_USERS = graphql(`
  query EventLogUsers($search: String, $companyId: ID) {
    users(search: $search, companyId: $companyId, limit: 20) {
      collection {
        uuid
        name
        email
      }
    }
  }
`);
