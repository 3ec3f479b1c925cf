import { graphql } from '../../../gql';

export const UPDATE_COMPANY_CATEGORY_SETTINGS = graphql(`
  mutation UpdateCompanyCategorySettings(
    $companyId: ID!
    $categoryId: ID!
    $emailEnabled: Boolean
    $emailAlias: String
    $allowEmailsFromNonWhitelistedSenders: Boolean
  ) {
    updateCompanyCategorySettings(
      companyId: $companyId
      categoryId: $categoryId
      emailEnabled: $emailEnabled
      emailAlias: $emailAlias
      allowEmailsFromNonWhitelistedSenders: $allowEmailsFromNonWhitelistedSenders
    ) {
      companyCategorySetting {
        ...CompanyCategorySettingFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
