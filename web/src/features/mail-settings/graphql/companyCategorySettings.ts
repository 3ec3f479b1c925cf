import { graphql } from '../../../gql';

export const COMPANY_CATEGORY_SETTING_FIELDS = graphql(`
  fragment CompanyCategorySettingFields on CompanyCategorySetting {
    id
    category {
      id
      name
      active
    }
    emailEnabled
    emailAlias
    fullEmail
    allowEmailsFromNonWhitelistedSenders
  }
`);

export const COMPANY_CATEGORY_SETTINGS = graphql(`
  query CompanyCategorySettings($companyId: ID!, $page: Int, $limit: Int) {
    companyCategorySettings(companyId: $companyId, page: $page, limit: $limit) {
      totalCount
      collection {
        ...CompanyCategorySettingFields
      }
    }
  }
`);
