import { graphql } from '../../../gql';

/** The figures both run analytics pages show (the table, the series, the late tasks). */
export const WORKFLOW_INSIGHTS_FIELDS = graphql(`
  fragment WorkflowInsightsFields on WorkflowInsights {
    dateFrom
    dateTo
    timeZone
    bucket
    total {
      runsStarted
      runsCompleted
      runsFailed
      runsCancelled
      cycleTimeP50
      cycleTimeP90
      tasksCompleted
      tasksLate
      averageDaysLate
    }
    rows {
      workflow {
        uuid
        name
      }
      version
      runsStarted
      runsCompleted
      runsFailed
      runsCancelled
      cycleTimeP50
      cycleTimeP90
      tasksCompleted
      tasksLate
      averageDaysLate
    }
    series {
      start
      runsStarted
      runsCompleted
      runsFailed
      runsCancelled
    }
    lateByCompany {
      company {
        uuid
        name
      }
      tasksCompleted
      tasksLate
      averageDaysLate
    }
    lateByStep {
      workflow {
        uuid
        name
      }
      nodeId
      title
      tasksCompleted
      tasksLate
      averageDaysLate
    }
  }
`);

/** One workflow's run analytics, with its steps and the version the canvas draws. */
export const WORKFLOW_INSIGHTS = graphql(`
  query WorkflowInsights($workflowId: ID!, $dateFrom: String!, $dateTo: String!, $version: Int, $timeZone: String) {
    workflowInsights(workflowId: $workflowId, dateFrom: $dateFrom, dateTo: $dateTo, version: $version, timeZone: $timeZone) {
      ...WorkflowInsightsFields
      workflow {
        uuid
        name
        draft
      }
      versions
      version
      structure
      steps {
        nodeId
        nodeType
        title
        drawn
        completed
        cycleTimeP50
        cycleTimeP90
        tasksCompleted
        tasksLate
        averageDaysLate
      }
    }
  }
`);

/** Every workflow's run analytics. */
export const WORKFLOWS_INSIGHTS = graphql(`
  query WorkflowsInsights($dateFrom: String!, $dateTo: String!, $timeZone: String) {
    workflowsInsights(dateFrom: $dateFrom, dateTo: $dateTo, timeZone: $timeZone) {
      ...WorkflowInsightsFields
    }
  }
`);
