import { graphql } from '../../../gql';

/** Toggles the viewer's favourite mark on a company. */
export const FAVORITE_COMPANY = graphql(`
  mutation FavoriteCompany($companyId: ID!) {
    favoriteCompany(companyId: $companyId) {
      company {
        uuid
        favorite
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

/** Toggles the viewer's favourite mark on a company group (companyId: the group's uuid). */
export const GROUP_FAVORITE_COMPANY = graphql(`
  mutation GroupFavoriteCompany($companyId: ID!) {
    groupFavoriteCompany(companyId: $companyId) {
      group {
        uuid
        favorite
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
