import { graphql } from '../../../gql';

export const DISMISS_SYSTEM_BANNER = graphql(`
  mutation DismissSystemBanner($id: ID!) {
    dismissSystemBanner(id: $id) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
