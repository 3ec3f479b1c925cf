import { graphql } from '../../../../gql';

/** The folder counters on their own, while the list shows search results. */
export const INBOX_FOLDER_STATS = graphql(`
  query InboxFolderStats($companyId: ID, $group: Boolean, $categoryIds: [ID!], $types: [String!]) {
    inboxStats(companyId: $companyId, group: $group, categoryIds: $categoryIds, types: $types) {
      ...InboxStatsFields
    }
  }
`);
