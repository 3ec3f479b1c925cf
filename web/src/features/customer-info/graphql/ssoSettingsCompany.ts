import { graphql } from '../../../gql';

export const SSO_SETTINGS_COMPANY = graphql(`
  query SsoSettingsCompany($id: ID!) {
    company(id: $id) {
      uuid
      name
      ssoEnabled
      ssoMethod
      saml {
        ...SamlSettingFields
      }
      oidc {
        ...OidcSettingFields
      }
    }
  }
`);
