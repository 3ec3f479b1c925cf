import { graphql } from '../../../../gql';

/** The workflow whose companies the page manages. */
export const WORKFLOW_SUMMARY = graphql(`
  query WorkflowSummary($id: ID!) {
    workflow(id: $id) {
      ...WorkflowSummaryFields
      description
    }
  }
`);
