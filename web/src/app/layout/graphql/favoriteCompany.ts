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
