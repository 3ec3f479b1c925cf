import { graphql } from '../../../gql';

/** The newest entries (5) of a file's history. */
export const FILE_ACTIVITIES = graphql(`
  query FileActivities($companyId: ID!, $fileId: ID!, $limit: Int) {
    activities(companyId: $companyId, fileId: $fileId, limit: $limit) {
      uuid
      key
      icon
      actionAt
      additionArgs
      creatorActive
      creator {
        uuid
        name
      }
    }
  }
`);
