import { graphql } from '../../../gql';

/**
 * One page of the tasks table (limit 30, lastId cursor) with the column sort, and the
 * viewer's abilities per company for the bulk actions.
 */
export const TASKS_TABLE = graphql(`
  query TasksTable(
    $companyId: ID
    $group: Boolean
    $limit: Int
    $lastId: ID
    $orderBy: String
    $orderByDueDate: String
    $filters: InboxFilters
  ) {
    inboxTasks(
      companyId: $companyId
      group: $group
      limit: $limit
      lastId: $lastId
      orderBy: $orderBy
      orderByDueDate: $orderByDueDate
      filters: $filters
    ) {
      collection {
        ...InboxThreadFields
        workflowInstanceId
        externalActions
        workflow {
          uuid
          name
        }
        workflowParameters {
          key
          label
          value
        }
      }
      totalCount
      companyAbilities {
        companyIds
        rules {
          ...RuleFields
        }
      }
    }
  }
`);
