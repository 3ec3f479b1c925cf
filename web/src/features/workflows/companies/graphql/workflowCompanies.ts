import { graphql } from '../../../../gql';

/** A page of companies with whether the workflow is assigned to each, and in which country. */
export const WORKFLOW_COMPANIES = graphql(`
  query WorkflowCompanies($includeWorkflowId: ID!, $search: String, $page: Int, $limit: Int) {
    companies(includeWorkflowId: $includeWorkflowId, search: $search, page: $page, limit: $limit) {
      totalCount
      collection {
        uuid
        name
        businessId
        countries {
          id
          name
          code
        }
        workflowAssigned
        companyWorkflowCountryIds
      }
    }
  }
`);
