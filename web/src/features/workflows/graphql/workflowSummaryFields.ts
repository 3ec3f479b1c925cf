import { graphql } from '../../../gql';

/** What the workflows list and a workflow's companies page show of a workflow. */
export const WORKFLOW_SUMMARY_FIELDS = graphql(`
  fragment WorkflowSummaryFields on Workflow {
    uuid
    name
    label
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
`);
