import { graphql } from '../../../gql';

/** One page of a company's runs (keyset: lastId is the previous page's last run). */
export const WORKFLOW_RUNS = graphql(`
  query WorkflowRuns(
    $companyId: ID
    $states: [String!]
    $workflowIds: [ID!]
    $dateFrom: DateTime
    $dateTo: DateTime
    $limit: Int
    $lastId: ID
  ) {
    workflowInstances(
      companyId: $companyId
      states: $states
      workflowIds: $workflowIds
      dateFrom: $dateFrom
      dateTo: $dateTo
      limit: $limit
      lastId: $lastId
    ) {
      totalCount
      collection {
        uuid
        state
        createdAt
        startedAt
        endedAt
        version
        completedStepsCount
        totalStepsCount
        companyWorkflowId
        company {
          uuid
          name
        }
        workflow {
          uuid
          name
        }
      }
    }
  }
`);

export const CANCEL_WORKFLOW_INSTANCE = graphql(`
  mutation CancelWorkflowInstance($workflowInstanceId: ID!) {
    cancelWorkflowInstance(workflowInstanceId: $workflowInstanceId) {
      workflowInstance {
        uuid
        state
        endedAt
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const RETRY_WORKFLOW_INSTANCE = graphql(`
  mutation RetryWorkflowInstance($workflowInstanceId: ID!) {
    retryWorkflowInstance(workflowInstanceId: $workflowInstanceId) {
      workflowInstance {
        uuid
        state
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

/** The company's workflows: the runs tab's workflow filter and its start-now menu (manual triggers). */
export const RUNS_COMPANY_WORKFLOWS = graphql(`
  query RunsCompanyWorkflows($companyIds: [ID!]) {
    companyWorkflows(companyIds: $companyIds, limit: 100) {
      collection {
        uuid
        company {
          uuid
          name
        }
        workflow {
          uuid
          name
          structure
        }
        workflowTriggers {
          uuid
          triggerType
        }
      }
    }
  }
`);
