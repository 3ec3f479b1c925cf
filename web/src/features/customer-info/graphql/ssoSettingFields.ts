import { graphql } from '../../../gql';

export const SAML_SETTING_FIELDS = graphql(`
  fragment SamlSettingFields on SamlSetting {
    cert
    certFingerprint
    certFingerprintAlgorithm
    entityId
    ssoServiceUrl
  }
`);

/** Never the secret: the server keeps it write-only and says only whether one is stored. */
export const OIDC_SETTING_FIELDS = graphql(`
  fragment OidcSettingFields on OidcSetting {
    clientId
    clientSecretSet
    emailKey
    issuer
    providerName
    scope
  }
`);
