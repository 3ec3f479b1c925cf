import { graphql } from '../../../../gql';

/**
 * One thread as its card shows it: refreshes a card in place (the cache is normalised by
 * uuid) without reloading the list.
 */
export const INBOX_THREAD = graphql(`
  query InboxThread($companyId: ID, $id: ID!) {
    inboxTask(companyId: $companyId, id: $id) {
      ...InboxThreadFields
    }
  }
`);
