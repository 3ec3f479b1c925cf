import { graphql } from '../../../../gql';

/** The choices of the workflows list's filters: categories, countries, creators and tags. */
export const WORKFLOW_FILTER_OPTIONS = graphql(`
  query WorkflowFilterOptions {
    categories {
      id
      name
    }
    countries {
      id
      name
      code
    }
    workflowCreators {
      uuid
      name
    }
    workflowTags
  }
`);
