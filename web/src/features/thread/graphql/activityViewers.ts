import { graphql } from '../../../gql';

/** Who has read an activity (viewers). */
export const ACTIVITY_VIEWERS = graphql(`
  query ThreadActivityViewers($companyId: ID, $activityId: ID!, $page: Int, $limit: Int) {
    users(companyId: $companyId, activityId: $activityId, page: $page, limit: $limit) {
      totalCount
      collection {
        uuid
        name
        active
        activityReadedAt
      }
    }
  }
`);
