import { graphql } from '../../../gql';

export const SAVE_SAML_SETTINGS = graphql(`
  mutation SaveSamlSettings(
    $companyId: ID!
    $cert: String
    $certFingerprint: String
    $certFingerprintAlgorithm: String
    $entityId: String
    $ssoServiceUrl: String
    $samlManifest: String
  ) {
    saveSamlSettings(
      companyId: $companyId
      cert: $cert
      certFingerprint: $certFingerprint
      certFingerprintAlgorithm: $certFingerprintAlgorithm
      entityId: $entityId
      ssoServiceUrl: $ssoServiceUrl
      samlManifest: $samlManifest
    ) {
      saml {
        ...SamlSettingFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
