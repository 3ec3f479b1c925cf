import { graphql } from '../../../../gql';

/** The people who may take part in a company's threads of one category, for the participant filter. */
export const FILTER_PARTICIPANTS = graphql(`
  query FilterParticipants($companyId: ID!, $categoryId: ID!, $search: String, $limit: Int) {
    users(companyId: $companyId, categoryId: $categoryId, search: $search, limit: $limit) {
      collection {
        uuid
        name
      }
    }
  }
`);
