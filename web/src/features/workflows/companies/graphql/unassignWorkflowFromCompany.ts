import { graphql } from '../../../../gql';

export const UNASSIGN_WORKFLOW_FROM_COMPANY = graphql(`
  mutation UnassignWorkflowFromCompany($workflowId: ID!, $companyId: ID!, $countryId: ID) {
    unassignWorkflowFromCompany(workflowId: $workflowId, companyId: $companyId, countryId: $countryId) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
