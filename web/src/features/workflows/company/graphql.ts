import { graphql } from '../../../gql';

/** The company whose workflows the tab lists: its name and countries (the add modal's second step). */
export const COMPANY_FOR_WORKFLOWS = graphql(`
  query CompanyForWorkflows($id: ID!) {
    company(id: $id) {
      uuid
      name
      countries {
        id
        name
        code
      }
    }
  }
`);

export const COMPANY_WORKFLOWS = graphql(`
  query CompanyWorkflows($companyIds: [ID!], $countryIds: [ID!], $categoryIds: [ID!], $search: String, $page: Int, $limit: Int) {
    companyWorkflows(companyIds: $companyIds, countryIds: $countryIds, categoryIds: $categoryIds, search: $search, page: $page, limit: $limit) {
      totalCount
      collection {
        uuid
        createdAt
        country {
          id
          name
        }
        workflow {
          uuid
          name
          version
          category {
            id
            name
          }
        }
        workflowTriggers {
          uuid
          triggerType
          nextRunAt
          nextRunError
        }
      }
    }
  }
`);

/** Published workflows to pick from in the add modal (30 a search, spec 002 §9). */
export const WORKFLOW_CHOICES = graphql(`
  query WorkflowChoices($search: String) {
    workflows(draft: false, search: $search, limit: 30) {
      collection {
        uuid
        name
        category {
          id
          name
        }
        countries {
          id
          name
          code
        }
      }
    }
  }
`);

export const COMPANY_WORKFLOW_EDIT = graphql(`
  query CompanyWorkflowEdit($companyId: ID, $id: ID!) {
    companyWorkflow(companyId: $companyId, id: $id) {
      uuid
      company {
        uuid
        name
      }
      country {
        id
        name
        code
      }
      workflow {
        uuid
        name
        version
        structure
        categoryId
        category {
          id
          name
        }
      }
      workflowTriggers {
        uuid
        triggerType
        data
        nextRunAt
        nextRunError
      }
    }
  }
`);

export const ANCHOR_DATE_FIELDS = graphql(`
  query AnchorDateFields($categoryIds: [ID!]) {
    groupedDynamicFields(fieldTypes: ["anchor_date"], categoryIds: $categoryIds) {
      id
      title
      categoryId
    }
  }
`);

export const MANAGE_COMPANY_WORKFLOW_TRIGGERS = graphql(`
  mutation ManageCompanyWorkflowTriggers($companyWorkflowId: ID!, $workflowTriggers: [WorkflowTriggerInput!]!) {
    manageCompanyWorkflowTriggers(companyWorkflowId: $companyWorkflowId, workflowTriggers: $workflowTriggers) {
      companyWorkflow {
        uuid
        workflowTriggers {
          uuid
          triggerType
          data
          nextRunAt
          nextRunError
        }
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const WORKFLOW_PREVIEW = graphql(`
  query CompanyWorkflowPreview($workflowId: ID!, $companyId: ID, $workflowTriggers: [WorkflowTriggerInput!], $count: Int) {
    workflowPreview(workflowId: $workflowId, companyId: $companyId, workflowTriggers: $workflowTriggers, count: $count) {
      runs {
        triggerType
        at
        timeZone
        date
        nominalDate
        movedOver {
          date
          weekend
          holidays {
            date
            name
            localName
          }
        }
        reportingPeriod {
          unit
          start
          end
          label
        }
        tasks {
          nodeId
          title
          dueDate
          nominalDate
          problem
          movedOver {
            date
            weekend
            holidays {
              date
              name
              localName
            }
          }
        }
      }
    }
  }
`);

export const ASSIGN_TO_COMPANY = graphql(`
  mutation AssignCompanyWorkflow($workflowId: ID!, $companyId: ID!, $countryId: ID!) {
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

export const UNASSIGN_FROM_COMPANY = graphql(`
  mutation UnassignCompanyWorkflow($workflowId: ID!, $companyId: ID!, $countryId: ID) {
    unassignWorkflowFromCompany(workflowId: $workflowId, companyId: $companyId, countryId: $countryId) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const START_WORKFLOW_INSTANCE = graphql(`
  mutation StartWorkflowInstance($companyWorkflowId: ID!, $parameters: JSON) {
    startWorkflowInstance(companyWorkflowId: $companyWorkflowId, parameters: $parameters) {
      workflowInstance {
        uuid
        state
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
