import { graphql } from '../../../gql';

/** The provider-user list (spec 002 §2.5): provider users with their memberships, 30 a page. */
export const PORTICO_USERS_LIST = graphql(`
  query PorticoUsersList($companyId: ID, $search: String, $page: Int, $limit: Int) {
    users(userType: "portico_user", companyId: $companyId, search: $search, page: $page, limit: $limit) {
      totalCount
      collection {
        ...PorticoUserFields
      }
    }
  }
`);

export const PORTICO_USER_FIELDS = graphql(`
  fragment PorticoUserFields on User {
    uuid
    name
    email
    phone
    active
    userRole
    porticoUsers {
      uuid
      role
      active
      responsible
      canUpdate
      canDestroy
      company {
        uuid
        name
        businessId
        active
      }
      companyRoles {
        id
        name
      }
      categories {
        id
        name
      }
    }
  }
`);

/** One provider user with their memberships (GSProfile). */
export const PORTICO_USER = graphql(`
  query PorticoUser($id: ID!) {
    porticoUser(id: $id) {
      ...PorticoUserFields
    }
  }
`);

/** The company roles agents may hold (globalRoles). */
export const GLOBAL_ROLES = graphql(`
  query GlobalRoles {
    globalRoles {
      id
      name
    }
  }
`);

export const ADD_PORTICO_USER_TO_COMPANY = graphql(`
  mutation AddPorticoUserToCompany(
    $userId: ID!
    $companyId: ID!
    $role: String
    $categoryIds: [ID!]
    $companyRoleIds: [ID!]
  ) {
    addPorticoUserToCompany(
      userId: $userId
      companyId: $companyId
      role: $role
      categoryIds: $categoryIds
      companyRoleIds: $companyRoleIds
    ) {
      user {
        ...PorticoUserFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const UPDATE_PORTICO_USER = graphql(`
  mutation UpdatePorticoUser(
    $porticoUserId: ID!
    $companyId: ID!
    $role: String
    $categoryIds: [ID!]
    $companyRoleIds: [ID!]
  ) {
    updatePorticoUser(
      porticoUserId: $porticoUserId
      companyId: $companyId
      role: $role
      categoryIds: $categoryIds
      companyRoleIds: $companyRoleIds
    ) {
      user {
        ...PorticoUserFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_PORTICO_USER = graphql(`
  mutation DeletePorticoUser($porticoUserId: ID!, $companyId: ID!) {
    deletePorticoUser(porticoUserId: $porticoUserId, companyId: $companyId) {
      user {
        ...PorticoUserFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const REACTIVATE_PORTICO_USER = graphql(`
  mutation ReactivatePorticoUser($porticoUserId: ID!, $companyId: ID!) {
    reactivatePorticoUser(porticoUserId: $porticoUserId, companyId: $companyId) {
      user {
        ...PorticoUserFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const REMOVE_PORTICO_USER_FROM_COMPANY = graphql(`
  mutation RemovePorticoUserFromCompany($porticoUserId: ID!, $companyId: ID!) {
    removePorticoUserFromCompany(porticoUserId: $porticoUserId, companyId: $companyId) {
      user {
        ...PorticoUserFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const SET_PORTICO_USER_RESPONSIBLE = graphql(`
  mutation SetPorticoUserResponsible($companyId: ID!, $userId: ID!, $responsible: Boolean!) {
    setPorticoUserResponsible(companyId: $companyId, userId: $userId, responsible: $responsible) {
      user {
        ...PorticoUserFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
