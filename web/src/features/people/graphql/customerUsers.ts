import { graphql } from '../../../gql';

/** The customer-users list (spec 002 §2.3): customers with their memberships, 30 a page. */
export const CUSTOMER_USERS = graphql(`
  query CustomerUsers($companyId: ID, $search: String, $page: Int, $limit: Int) {
    users(userType: "customer", companyId: $companyId, search: $search, page: $page, limit: $limit) {
      totalCount
      collection {
        ...CustomerUserFields
      }
    }
  }
`);

export const CUSTOMER_USER_FIELDS = graphql(`
  fragment CustomerUserFields on User {
    uuid
    name
    email
    phone
    active
    companyUsers {
      ...CompanyUserFields
    }
  }
`);

/** One customer user (CustomerUserEdit). */
export const COMPANY_USER = graphql(`
  query CompanyUser($id: ID!) {
    companyUser(id: $id) {
      ...CustomerUserFields
    }
  }
`);
