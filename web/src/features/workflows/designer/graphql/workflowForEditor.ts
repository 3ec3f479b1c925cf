import { graphql } from '../../../../gql';

export const WORKFLOW_FOR_EDITOR = graphql(`
  query WorkflowForEditor($id: ID!) {
    workflow(id: $id) {
      ...WorkflowEditorFields
    }
  }
`);
