import { graphql } from '../../../gql';

/** Stores the user's interface language on the server (issue 17 item 18). */
export const UPDATE_USER_LANGUAGE = graphql(`
  mutation UpdateUserLanguage($userId: ID!, $language: String!) {
    updateUser(userId: $userId, language: $language) {
      language
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
