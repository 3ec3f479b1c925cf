import { graphql } from '../../../gql';

/** A page of the thread's stream, oldest first: the newest (fresh), before firstId, after lastId or around currentId. */
export const THREAD_ACTIVITIES = graphql(`
  query ThreadActivities(
    $companyId: ID
    $taskId: ID!
    $limit: Int
    $fresh: Boolean
    $currentId: ID
    $firstId: ID
    $lastId: ID
  ) {
    inboxActivities(
      companyId: $companyId
      taskId: $taskId
      limit: $limit
      fresh: $fresh
      currentId: $currentId
      firstId: $firstId
      lastId: $lastId
    ) {
      hasMoreBefore
      hasMoreAfter
      collection {
        ...ThreadActivityFields
      }
    }
  }
`);
