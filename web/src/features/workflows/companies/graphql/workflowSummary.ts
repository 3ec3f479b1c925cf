import { graphql } from '../../../../gql';

/** The workflow whose companies the page manages. */
export const WORKFLOW_SUMMARY = graphql(`
  query WorkflowSummary($id: ID!) {
    workflow(id: $id) {
      uuid
      name
      label
      description
      draft
      version
      tags
      category {
        id
        name
      }
      countries {
        id
        name
        code
      }
      creator {
        uuid
        name
      }
    }
  }
`);
