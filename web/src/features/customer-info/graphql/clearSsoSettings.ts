import { graphql } from '../../../gql';

export const CLEAR_SSO_SETTINGS = graphql(`
  mutation ClearSsoSettings($companyId: ID!) {
    clearSsoSettings(companyId: $companyId) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
