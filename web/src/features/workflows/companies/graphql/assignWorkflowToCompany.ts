import { graphql } from '../../../../gql';

export const ASSIGN_WORKFLOW_TO_COMPANY = graphql(`
  mutation AssignWorkflowToCompany($workflowId: ID!, $companyId: ID!, $countryId: ID!) {
    assignWorkflowToCompany(workflowId: $workflowId, companyId: $companyId, countryId: $countryId) {
      companyWorkflow {
        uuid
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
