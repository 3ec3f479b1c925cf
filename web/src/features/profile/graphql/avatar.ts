import { graphql } from '../../../gql';

/** A new avatar, sent as a GraphQL multipart request (the modal's picture). */
export const UPDATE_AVATAR = graphql(`
  mutation UpdateAvatar($userId: ID!, $content: Upload!) {
    updateAvatar(userId: $userId, content: $content) {
      avatar
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

/** Removes the avatar: initials are shown again. */
export const REMOVE_AVATAR = graphql(`
  mutation RemoveAvatar($userId: ID!) {
    removeAvatar(userId: $userId) {
      avatar
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
