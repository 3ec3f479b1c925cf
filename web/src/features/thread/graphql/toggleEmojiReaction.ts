import { graphql } from '../../../gql';

export const TOGGLE_EMOJI_REACTION = graphql(`
  mutation ThreadToggleEmojiReaction($activityId: ID!, $emoji: String!) {
    toggleEmojiReaction(activityId: $activityId, emoji: $emoji) {
      activity {
        ...ThreadActivityFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
