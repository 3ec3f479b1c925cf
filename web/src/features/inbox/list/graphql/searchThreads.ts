import { graphql } from '../../../../gql';

/** The search results folder: one page of hits (limit 10) over titles, messages and attachment names. */
export const SEARCH_THREADS = graphql(`
  query SearchThreads(
    $companyId: ID
    $group: Boolean
    $page: Int
    $limit: Int
    $query: String!
    $attachments: Boolean
    $participants: [ID!]
    $senders: [ID!]
    $responsible: [ID!]
  ) {
    searchInboxTasks(
      companyId: $companyId
      group: $group
      page: $page
      limit: $limit
      query: $query
      attachments: $attachments
      participants: $participants
      senders: $senders
      responsible: $responsible
    ) {
      collection {
        thread {
          ...InboxThreadFields
        }
        activityId
        entityType
        highlightSearchText
      }
      totalCount
    }
  }
`);
