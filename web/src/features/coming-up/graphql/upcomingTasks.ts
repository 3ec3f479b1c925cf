import { graphql } from '../../../gql';

/** Coming up: the next tasks the forecast plans in the viewer's companies (or the ones named), nearest first. */
export const UPCOMING_TASKS = graphql(`
  query UpcomingTasks($companyIds: [ID!], $limit: Int) {
    upcomingTasks(companyIds: $companyIds, limit: $limit) {
      id
      date
      title
      company {
        uuid
        name
      }
      workflowName
      category {
        id
        name
        color
        bgColor
      }
      runDate
      dueDate
      nominalDueDate
      dueMovedOver {
        ...MovedDayFields
      }
    }
  }
`);
