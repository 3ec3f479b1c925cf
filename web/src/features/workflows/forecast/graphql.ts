import { graphql } from '../../../gql';

/** A day a due date moved over, and why (movedReason names it). */
export const MOVED_DAY_FIELDS = graphql(`
  fragment MovedDayFields on WorkflowMovedDay {
    date
    weekend
    holidays {
      name
      localName
    }
  }
`);

/** A month (or any window) of the forecast: the counts per day, assignee and category, and the filters' choices. */
export const WORKFLOW_FORECAST = graphql(`
  query WorkflowForecast(
    $dateFrom: String!
    $dateTo: String!
    $companyIds: [ID!]
    $categoryIds: [ID!]
    $workflowIds: [ID!]
    $assigneeIds: [ID!]
  ) {
    workflowForecast(
      dateFrom: $dateFrom
      dateTo: $dateTo
      companyIds: $companyIds
      categoryIds: $categoryIds
      workflowIds: $workflowIds
      assigneeIds: $assigneeIds
      limit: 1
    ) {
      dateFrom
      dateTo
      totalCount
      days {
        date
        count
      }
      assignees {
        assignee {
          uuid
          name
        }
        total
        days {
          date
          count
        }
      }
      categories {
        category {
          id
          name
        }
        total
        days {
          date
          count
        }
      }
      options {
        companies {
          uuid
          name
        }
        categories {
          id
          name
        }
        workflows {
          uuid
          name
        }
        assignees {
          uuid
          name
        }
      }
    }
  }
`);

/** One page of the forecast's tasks in a window (the month, or the chosen day). */
export const WORKFLOW_FORECAST_TASKS = graphql(`
  query WorkflowForecastTasks(
    $dateFrom: String!
    $dateTo: String!
    $companyIds: [ID!]
    $categoryIds: [ID!]
    $workflowIds: [ID!]
    $assigneeIds: [ID!]
    $page: Int
    $limit: Int
  ) {
    workflowForecast(
      dateFrom: $dateFrom
      dateTo: $dateTo
      companyIds: $companyIds
      categoryIds: $categoryIds
      workflowIds: $workflowIds
      assigneeIds: $assigneeIds
      page: $page
      limit: $limit
    ) {
      totalCount
      tasks {
        date
        nodeId
        title
        company {
          uuid
          name
        }
        companyWorkflowId
        workflowName
        category {
          id
          name
          color
          bgColor
        }
        assignee {
          uuid
          name
        }
        runAt
        runDate
        dueDate
        nominalDueDate
        dueMovedOver {
          ...MovedDayFields
        }
        problem
      }
    }
  }
`);
