import { graphql } from '../../../gql';

/**
 * Active provider staff: of a company, of every company the viewer sees (no companyId), or
 * those who may be assigned a thread (taskId: whom assignTaskTo accepts). Searched on the server.
 */
export const PORTICO_USERS = graphql(`
  query PorticoUsers($companyId: ID, $taskId: ID, $search: String, $page: Int, $limit: Int) {
    porticoUsers(companyId: $companyId, taskId: $taskId, search: $search, page: $page, limit: $limit) {
      collection {
        uuid
        name
      }
      totalCount
    }
  }
`);
