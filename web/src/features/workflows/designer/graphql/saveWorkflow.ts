import { graphql } from '../../../../gql';

export const CREATE_WORKFLOW = graphql(`
  mutation CreateWorkflow(
    $name: String
    $label: String
    $description: String
    $category: ID
    $countries: [ID!]
    $tags: [String!]
    $optionalSteps: Boolean
    $considerHolidays: Boolean
    $structure: JSON
    $draft: Boolean
  ) {
    createWorkflow(
      name: $name
      label: $label
      description: $description
      category: $category
      countries: $countries
      tags: $tags
      optionalSteps: $optionalSteps
      considerHolidays: $considerHolidays
      structure: $structure
      draft: $draft
    ) {
      workflow {
        ...WorkflowEditorFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const UPDATE_WORKFLOW = graphql(`
  mutation UpdateWorkflow(
    $workflowId: ID!
    $name: String
    $label: String
    $description: String
    $category: ID
    $countries: [ID!]
    $tags: [String!]
    $optionalSteps: Boolean
    $considerHolidays: Boolean
    $structure: JSON
    $draft: Boolean
  ) {
    updateWorkflow(
      workflowId: $workflowId
      name: $name
      label: $label
      description: $description
      category: $category
      countries: $countries
      tags: $tags
      optionalSteps: $optionalSteps
      considerHolidays: $considerHolidays
      structure: $structure
      draft: $draft
    ) {
      workflow {
        ...WorkflowEditorFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
