import { graphql } from '../../../gql';

export const LOGIN_OPTIONS_COMPANY_FIELDS = graphql(`
  fragment LoginOptionsCompanyFields on Company {
    uuid
    ssoEnabled
    ssoMethod
    googleLoginEnabled
    microsoftLoginEnabled
  }
`);

/** The switches, and which SSO settings exist (the method can only be one that is configured). */
export const LOGIN_OPTIONS_COMPANY = graphql(`
  query LoginOptionsCompany($id: ID!) {
    company(id: $id) {
      name
      ...LoginOptionsCompanyFields
      saml {
        entityId
      }
      oidc {
        issuer
      }
    }
  }
`);
