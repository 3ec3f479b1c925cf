import { graphql } from '../../../gql';

/** The address and short-lived token of an external application's frame for a task. */
export const APPLICATION_IFRAME = graphql(`
  query ApplicationIframe($actionKey: String!, $companyId: ID, $id: ID!, $taskId: ID!) {
    applicationIframe(actionKey: $actionKey, companyId: $companyId, id: $id, taskId: $taskId) {
      url
      token
    }
  }
`);
