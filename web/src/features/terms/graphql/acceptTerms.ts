import { graphql } from '../../../gql';

export const ACCEPT_TERMS = graphql(`
  mutation AcceptTerms($companyId: ID!) {
    acceptTerms(companyId: $companyId) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
