import { graphql } from '../../../gql';

export const SAVE_OIDC_SETTINGS = graphql(`
  mutation SaveOidcSettings(
    $companyId: ID!
    $clientId: String
    $clientSecret: String
    $emailKey: String
    $issuer: String
    $providerName: String
    $scope: String
  ) {
    saveOidcSettings(
      companyId: $companyId
      clientId: $clientId
      clientSecret: $clientSecret
      emailKey: $emailKey
      issuer: $issuer
      providerName: $providerName
      scope: $scope
    ) {
      oidc {
        ...OidcSettingFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
