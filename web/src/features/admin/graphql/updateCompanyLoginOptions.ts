import { graphql } from '../../../gql';

/** One login switch or the SSO method at a time (spec 002 §7, updateCompany). */
export const UPDATE_COMPANY_LOGIN_OPTIONS = graphql(`
  mutation UpdateCompanyLoginOptions(
    $companyId: ID!
    $ssoEnabled: Boolean
    $ssoMethod: String
    $googleLoginEnabled: Boolean
    $microsoftLoginEnabled: Boolean
  ) {
    updateCompany(
      companyId: $companyId
      ssoEnabled: $ssoEnabled
      ssoMethod: $ssoMethod
      googleLoginEnabled: $googleLoginEnabled
      microsoftLoginEnabled: $microsoftLoginEnabled
    ) {
      company {
        ...LoginOptionsCompanyFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
