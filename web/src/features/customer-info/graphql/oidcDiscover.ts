import { graphql } from '../../../gql';

export const OIDC_DISCOVER = graphql(`
  query OidcDiscover($issuer: String!, $companyId: ID) {
    oidcDiscover(issuer: $issuer, companyId: $companyId) {
      success
      error
    }
  }
`);
