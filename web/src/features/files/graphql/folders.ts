import { graphql } from '../../../gql';

/** One page (30) of the root folders, or of a folder's subfolders. */
export const FOLDERS = graphql(`
  query Folders($companyId: ID!, $page: Int, $limit: Int, $roots: Boolean, $folderId: ID) {
    folders(companyId: $companyId, page: $page, limit: $limit, roots: $roots, folderId: $folderId) {
      totalCount
      collection {
        ...FolderFields
      }
    }
  }
`);
