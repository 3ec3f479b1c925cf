import { graphql } from '../../../gql';

export const CREATE_COMPANY_USER = graphql(`
  mutation CreateCompanyUser(
    $companyId: ID!
    $name: String!
    $email: String!
    $phone: String
    $jobTitle: String
    $categoryIds: [ID!]
    $role: String
  ) {
    createCompanyUser(
      companyId: $companyId
      name: $name
      email: $email
      phone: $phone
      jobTitle: $jobTitle
      categoryIds: $categoryIds
      role: $role
    ) {
      user {
        ...CustomerUserFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const ADD_CUSTOMER_USER_TO_COMPANY = graphql(`
  mutation AddCustomerUserToCompany($userId: ID!, $companyId: ID!, $jobTitle: String, $categoryIds: [ID!], $role: String) {
    addCustomerUserToCompany(userId: $userId, companyId: $companyId, jobTitle: $jobTitle, categoryIds: $categoryIds, role: $role) {
      user {
        ...CustomerUserFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const UPDATE_COMPANY_USER = graphql(`
  mutation UpdateCompanyUser($companyUserId: ID!, $companyId: ID!, $jobTitle: String, $categoryIds: [ID!], $role: String) {
    updateCompanyUser(
      companyUserId: $companyUserId
      companyId: $companyId
      jobTitle: $jobTitle
      categoryIds: $categoryIds
      role: $role
    ) {
      user {
        ...CustomerUserFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_COMPANY_USER = graphql(`
  mutation DeleteCompanyUser($companyUserId: ID!, $companyId: ID!) {
    deleteCompanyUser(companyUserId: $companyUserId, companyId: $companyId) {
      user {
        ...CustomerUserFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const REACTIVATE_COMPANY_USER = graphql(`
  mutation ReactivateCompanyUser($companyUserId: ID!, $companyId: ID!) {
    reactivateCompanyUser(companyUserId: $companyUserId, companyId: $companyId) {
      user {
        ...CustomerUserFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const UPDATE_USER = graphql(`
  mutation UpdateUserGeneralInfo($userId: ID!, $name: String, $phone: String) {
    updateUser(userId: $userId, name: $name, phone: $phone) {
      name
      phone
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
