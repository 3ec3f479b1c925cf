import { graphql } from '../../../gql';

/** A page of the companies list (admin panel): name, business id and categories. */
export const COMPANIES_LIST = graphql(`
  query CompaniesList($search: String, $page: Int, $limit: Int) {
    companies(search: $search, page: $page, limit: $limit) {
      totalCount
      collection {
        uuid
        name
        businessId
        categories {
          id
          name
          active
          color
          bgColor
        }
      }
    }
  }
`);

/** One company with what its info card, dynamic fields and countries need. */
export const COMPANY_DETAILS = graphql(`
  query CompanyDetails($id: ID!) {
    company(id: $id) {
      uuid
      name
      businessId
      porticoCustomerId
      communicationLanguage
      accountingSystem
      payrollSystem
      active
      categories {
        id
        name
        active
        color
        bgColor
      }
      countries {
        id
        uuid
        name
        code
      }
      countryIds
      companyWorkflowCountryIds
      workflowAssigned
      dynamicFields {
        id
        name
        title
        type
        value
        readonly
        required
        settings
        categoryId
        position
      }
    }
  }
`);

export const UPDATE_DYNAMIC_FIELDS = graphql(`
  mutation UpdateDynamicFields($companyId: ID!, $categoryId: ID, $values: JSON!) {
    updateDynamicFields(companyId: $companyId, categoryId: $categoryId, values: $values) {
      dynamicFields {
        id
        name
        value
      }
      errors {
        code
        message
        field
        entityType
      }
    }
  }
`);

export const ALL_COUNTRIES = graphql(`
  query AllCountries {
    countries {
      id
      uuid
      name
      code
    }
  }
`);

export const UPDATE_COMPANY_COUNTRIES = graphql(`
  mutation UpdateCompanyCountries($companyId: ID!, $countryIds: [ID!]!) {
    updateCompany(companyId: $companyId, countryIds: $countryIds) {
      company {
        uuid
        countryIds
        countries {
          id
          uuid
          name
          code
        }
      }
      errors {
        code
        message
        field
        entityType
      }
    }
  }
`);

export const DYNAMIC_FIELD_DEFINITIONS = graphql(`
  query DynamicFieldDefinitions($categoryId: ID) {
    dynamicFieldDefinitions(categoryId: $categoryId) {
      id
      name
      title
      type
      readonly
      required
      settings
      categoryId
      position
    }
    categories(all: true) {
      id
      name
      active
      color
      bgColor
    }
  }
`);

export const CREATE_DYNAMIC_FIELD = graphql(`
  mutation CreateDynamicField(
    $categoryId: ID
    $name: String!
    $title: String!
    $type: String!
    $required: Boolean
    $readonly: Boolean
    $allowedValues: [DynamicFieldOptionInput!]
    $multiple: Boolean
  ) {
    createDynamicField(
      categoryId: $categoryId
      name: $name
      title: $title
      type: $type
      required: $required
      readonly: $readonly
      allowedValues: $allowedValues
      multiple: $multiple
    ) {
      dynamicField {
        id
      }
      errors {
        code
        message
        field
        entityType
      }
    }
  }
`);

export const UPDATE_DYNAMIC_FIELD = graphql(`
  mutation UpdateDynamicField(
    $id: ID!
    $title: String!
    $required: Boolean
    $readonly: Boolean
    $allowedValues: [DynamicFieldOptionInput!]
    $multiple: Boolean
  ) {
    updateDynamicField(
      id: $id
      title: $title
      required: $required
      readonly: $readonly
      allowedValues: $allowedValues
      multiple: $multiple
    ) {
      dynamicField {
        id
      }
      errors {
        code
        message
        field
        entityType
      }
    }
  }
`);

export const DELETE_DYNAMIC_FIELD = graphql(`
  mutation DeleteDynamicField($id: ID!) {
    deleteDynamicField(id: $id) {
      success
      errors {
        code
        message
        field
        entityType
      }
    }
  }
`);
