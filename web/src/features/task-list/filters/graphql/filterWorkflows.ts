import { graphql } from '../../../../gql';

/** A page of the company workflows for the workflow filter (spec 001 §7). */
export const FILTER_WORKFLOWS = graphql(`
  query FilterWorkflows($companyIds: [ID!], $categoryIds: [ID!], $search: String, $page: Int, $limit: Int) {
    companyWorkflows(companyIds: $companyIds, categoryIds: $categoryIds, search: $search, page: $page, limit: $limit) {
      collection {
        uuid
        workflow {
          uuid
          name
        }
      }
      totalCount
    }
  }
`);
