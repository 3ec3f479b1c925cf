import { graphql } from '../../../gql';

/** One page (10) of a folder's files, newest first. */
export const COMPANY_FILES = graphql(`
  query CompanyFiles($companyId: ID!, $folderId: ID!, $page: Int, $limit: Int) {
    companyFiles(companyId: $companyId, folderId: $folderId, page: $page, limit: $limit) {
      totalCount
      collection {
        ...CompanyFileFields
      }
    }
  }
`);
