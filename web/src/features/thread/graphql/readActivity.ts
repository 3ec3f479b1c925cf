import { graphql } from '../../../gql';

/** Marks the thread read up to an activity (the latest when none is given). */
export const READ_ACTIVITY = graphql(`
  mutation ThreadReadActivity($taskId: ID!, $activityId: ID) {
    readActivity(taskId: $taskId, activityId: $activityId) {
      task {
        ...ThreadTaskFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
