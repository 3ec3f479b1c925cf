import { graphql } from '../../../../gql';

/** What the editor reads of a workflow (its general info and structure). */
export const WORKFLOW_EDITOR_FIELDS = graphql(`
  fragment WorkflowEditorFields on Workflow {
    uuid
    name
    label
    description
    draft
    version
    categoryId
    considerHolidays
    optionalSteps
    countryIds
    countries {
      id
      name
    }
    tags
    structure
    canEditGeneralInfo
  }
`);
