import { graphql } from '../../../gql';

/** The edit-general-info modal's save (spec 002 §7 updateUser: name, phone). */
export const UPDATE_PROFILE = graphql(`
  mutation UpdateProfile($userId: ID!, $name: String, $phone: String) {
    updateUser(userId: $userId, name: $name, phone: $phone) {
      name
      phone
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

/** A user's profile card (Profile, GSProfile). */
export const PROFILE_USER = graphql(`
  query ProfileUser($id: ID!) {
    user(id: $id) {
      uuid
      name
      email
      phone
      avatar
      active
      userType
    }
  }
`);
