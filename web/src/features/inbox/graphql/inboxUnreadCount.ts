import { graphql } from '../../../gql';

/** The unread count behind the customers' Inbox badge. */
export const INBOX_UNREAD_COUNT = graphql(`
  query InboxUnreadCount($companyId: ID, $group: Boolean) {
    inboxStats(companyId: $companyId, group: $group) {
      unreadCount
    }
  }
`);
