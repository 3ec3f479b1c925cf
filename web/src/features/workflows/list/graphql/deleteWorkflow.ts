import { graphql } from '../../../../gql';

export const DELETE_WORKFLOW = graphql(`
  mutation DeleteWorkflow($workflowId: ID!) {
    deleteWorkflow(workflowId: $workflowId) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
