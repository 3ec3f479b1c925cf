import { graphql } from '../../../gql';

/** Every banner shown in a company, the ones its people hid too (spec 002 §2.7, action view_hidden). */
export const HIDDEN_VIEW_BANNERS = graphql(`
  query HiddenViewSystemBanners($companyId: ID!) {
    systemBanners(companyId: $companyId, action: "view_hidden") {
      id
      bannerGroup
      bannerType
      description
      dismissible
      userTypes
    }
  }
`);
