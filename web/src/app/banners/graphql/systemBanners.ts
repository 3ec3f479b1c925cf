import { graphql } from '../../../gql';

/** The banners shown to the viewer: global ones and those of the selected company (or of all theirs). */
export const SYSTEM_BANNERS = graphql(`
  query ShellSystemBanners($companyId: ID) {
    systemBanners(allForUser: true, companyId: $companyId) {
      id
      uuid
      bannerGroup
      bannerType
      description
      dismissible
      userTypes
      companyId
    }
  }
`);
