import { graphql } from '../../../../gql';

/** The choices the editor offers: categories, countries, tags, external applications, anchor-date fields. */
export const WORKFLOW_EDITOR_OPTIONS = graphql(`
  query WorkflowEditorOptions {
    categories(all: true) {
      id
      name
      active
    }
    countries {
      id
      name
    }
    workflowTags
    externalApplications {
      id
      name
      actions {
        key
        label
      }
    }
    groupedDynamicFields(fieldTypes: ["anchor_date"]) {
      id
      name
      title
      categoryId
    }
  }
`);

/** Provider staff a task can be assigned to. */
export const WORKFLOW_ASSIGNEE_USERS = graphql(`
  query WorkflowAssigneeUsers($search: String) {
    porticoUsers(search: $search, limit: 30) {
      collection {
        uuid
        name
      }
    }
  }
`);
