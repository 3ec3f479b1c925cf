import { graphql } from '../../../../gql';

/** One page of the workflows list (tab global_workflows: draft false; drafts: draft true). */
export const WORKFLOWS = graphql(`
  query Workflows(
    $categoryIds: [ID!]
    $countryIds: [ID!]
    $creatorIds: [ID!]
    $draft: Boolean
    $limit: Int
    $page: Int
    $search: String
    $tags: [String!]
  ) {
    workflows(
      categoryIds: $categoryIds
      countryIds: $countryIds
      creatorIds: $creatorIds
      draft: $draft
      limit: $limit
      page: $page
      search: $search
      tags: $tags
    ) {
      totalCount
      collection {
        ...WorkflowSummaryFields
        updatedAt
        canEditGeneralInfo
      }
    }
  }
`);
