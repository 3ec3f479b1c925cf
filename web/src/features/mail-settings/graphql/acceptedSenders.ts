import { graphql } from '../../../gql';

export const COMPANY_ACCEPTED_EMAILS = graphql(`
  query CompanyAcceptedEmails($companyId: ID!, $search: String, $page: Int, $limit: Int) {
    companyAcceptedEmails(companyId: $companyId, search: $search, page: $page, limit: $limit) {
      totalCount
      collection {
        id
        email
      }
    }
  }
`);

export const COMPANY_ACCEPTED_DOMAINS = graphql(`
  query CompanyAcceptedDomains($companyId: ID!, $search: String, $page: Int, $limit: Int) {
    companyAcceptedDomains(companyId: $companyId, search: $search, page: $page, limit: $limit) {
      totalCount
      collection {
        id
        domain
      }
    }
  }
`);

export const ADD_COMPANY_ACCEPTED_EMAIL = graphql(`
  mutation AddCompanyAcceptedEmail($companyId: ID!, $email: String!) {
    addCompanyAcceptedEmail(companyId: $companyId, email: $email) {
      companyAcceptedEmail {
        id
        email
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const ADD_COMPANY_ACCEPTED_DOMAIN = graphql(`
  mutation AddCompanyAcceptedDomain($companyId: ID!, $domain: String!) {
    addCompanyAcceptedDomain(companyId: $companyId, domain: $domain) {
      companyAcceptedDomain {
        id
        domain
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_COMPANY_ACCEPTED_EMAIL = graphql(`
  mutation DeleteCompanyAcceptedEmail($id: ID!) {
    deleteCompanyAcceptedEmail(id: $id) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_COMPANY_ACCEPTED_DOMAIN = graphql(`
  mutation DeleteCompanyAcceptedDomain($id: ID!) {
    deleteCompanyAcceptedDomain(id: $id) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
