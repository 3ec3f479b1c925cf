import { graphql } from '../../../gql';

/** The viewer's companies for MyProfile, a page at a time (spec 002 §2.6: infinite load). */
export const MY_COMPANIES = graphql(`
  query MyCompanies($page: Int, $limit: Int) {
    companies(page: $page, limit: $limit) {
      totalCount
      collection {
        uuid
        name
        businessId
        activeCompanyDomains
        categories {
          id
          name
        }
      }
    }
  }
`);
