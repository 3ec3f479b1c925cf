import { graphql } from '../../../gql';

export const MANAGED_BANNER_FIELDS = graphql(`
  fragment ManagedBannerFields on SystemBanner {
    id
    bannerGroup
    bannerType
    description
    dismissible
    userTypes
    companyId
  }
`);

/** The banners the viewer manages: global ones, or one company's (spec 002 §2.14). */
export const MANAGED_BANNERS = graphql(`
  query ManagedSystemBanners($companyId: ID, $bannerGroup: String) {
    systemBanners(companyId: $companyId, bannerGroup: $bannerGroup) {
      ...ManagedBannerFields
    }
  }
`);

/** The company of a company banners page, with the viewer's rules there. */
export const BANNER_COMPANY = graphql(`
  query BannerCompany($id: ID!) {
    company(id: $id) {
      uuid
      name
      rules {
        ...RuleFields
      }
    }
  }
`);

export const CREATE_SYSTEM_BANNER = graphql(`
  mutation CreateSystemBanner(
    $bannerGroup: String!
    $companyId: ID
    $bannerType: String!
    $description: String!
    $dismissible: Boolean
    $userTypes: [String!]!
  ) {
    createSystemBanner(
      bannerGroup: $bannerGroup
      companyId: $companyId
      bannerType: $bannerType
      description: $description
      dismissible: $dismissible
      userTypes: $userTypes
    ) {
      systemBanner {
        ...ManagedBannerFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const UPDATE_SYSTEM_BANNER = graphql(`
  mutation UpdateSystemBanner(
    $id: ID!
    $bannerType: String
    $description: String
    $dismissible: Boolean
    $userTypes: [String!]
  ) {
    updateSystemBanner(
      id: $id
      bannerType: $bannerType
      description: $description
      dismissible: $dismissible
      userTypes: $userTypes
    ) {
      systemBanner {
        ...ManagedBannerFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_SYSTEM_BANNER = graphql(`
  mutation DeleteSystemBanner($id: ID!) {
    deleteSystemBanner(id: $id) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
