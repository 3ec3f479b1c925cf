import { graphql } from '../../../gql';

/** One company's users as memberships (CompanyProfile's company users, spec 000 §7 companyUsers), 30 a page. */
export const COMPANY_USERS = graphql(`
  query CompanyUsers($companyId: ID!, $search: String, $page: Int, $limit: Int) {
    companyUsers(companyId: $companyId, search: $search, page: $page, limit: $limit) {
      totalCount
      collection {
        ...CompanyUserFields
      }
    }
  }
`);

export const COMPANY_USER_FIELDS = graphql(`
  fragment CompanyUserFields on CompanyUser {
    uuid
    userId
    name
    email
    phone
    active
    jobTitle
    admin
    role
    noCategories
    canUpdate
    canDestroy
    company {
      uuid
      name
      businessId
      active
    }
    categories {
      id
      name
    }
  }
`);
