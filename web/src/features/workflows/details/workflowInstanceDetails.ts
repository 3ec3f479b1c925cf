import { graphql } from '../../../gql';

/** A run with the workflow version it started with, for the details page. */
export const WORKFLOW_INSTANCE_DETAILS = graphql(`
  query WorkflowInstanceDetails($companyId: ID, $id: ID!) {
    workflowInstance(companyId: $companyId, id: $id) {
      uuid
      state
      version
      structure
      createdAt
      startedAt
      endedAt
      completedStepsCount
      totalStepsCount
      parameters
      failureReason
      failedNodeId
      temporalWorkflowId
      temporalUrl
      cancelledBy {
        uuid
        name
      }
      steps {
        nodeId
        state
        taskId
        error
        startedAt
        endedAt
      }
      company {
        uuid
        name
      }
      category {
        id
        name
      }
      workflow {
        uuid
        name
        label
        description
        tags
        countries {
          id
          name
        }
        creator {
          uuid
          name
        }
      }
    }
  }
`);
