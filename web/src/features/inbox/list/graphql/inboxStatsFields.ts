import { graphql } from '../../../../gql';

/** The folder counters, with the list or on their own while searching. */
export const INBOX_STATS_FIELDS = graphql(`
  fragment InboxStatsFields on InboxStats {
    totalCount
    unreadCount
    newCount
    inProgressCount
    closedCount
    deletedCount
  }
`);
