import { graphql } from '../../../../gql';

/** One page of the inbox sidebar (limit 10, lastId cursor), its counters and abilities. */
export const INBOX_THREADS = graphql(`
  query InboxThreads(
    $companyId: ID
    $group: Boolean
    $limit: Int
    $lastId: ID
    $types: [String!]
    $unread: Boolean
    $new: Boolean
    $inProgress: Boolean
    $closed: Boolean
    $hidden: Boolean
    $assignedMe: Boolean
    $meCustomers: Boolean
    $todo: Boolean
    $filters: InboxFilters
  ) {
    inboxTasks(
      companyId: $companyId
      group: $group
      limit: $limit
      lastId: $lastId
      types: $types
      unread: $unread
      new: $new
      inProgress: $inProgress
      closed: $closed
      hidden: $hidden
      assignedMe: $assignedMe
      meCustomers: $meCustomers
      todo: $todo
      filters: $filters
    ) {
      collection {
        ...InboxThreadFields
      }
      totalCount
      companyAbilities {
        companyIds
        rules {
          ...RuleFields
        }
      }
      inboxStats {
        ...InboxStatsFields
      }
    }
  }
`);
