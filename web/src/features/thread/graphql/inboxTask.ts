import { graphql } from '../../../gql';

/** The open thread (show: the pane displays it, which the server may count as a visit). */
export const THREAD_TASK = graphql(`
  query ThreadTask($companyId: ID, $id: ID!) {
    inboxTask(companyId: $companyId, id: $id, show: true) {
      ...ThreadTaskFields
    }
  }
`);
