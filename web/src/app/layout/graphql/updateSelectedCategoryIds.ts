import { graphql } from '../../../gql';

/** Saves the agent's category filter (at logout, spec 000 §4 Session). */
export const UPDATE_SELECTED_CATEGORY_IDS = graphql(`
  mutation UpdateSelectedCategoryIds($categoryIds: [ID!]!) {
    updateSelectedCategoryIds(categoryIds: $categoryIds) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
