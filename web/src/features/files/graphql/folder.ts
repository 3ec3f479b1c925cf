import { graphql } from '../../../gql';

/** The selected folder (the address's id), for the header and the abilities. */
export const FOLDER = graphql(`
  query Folder($companyId: ID!, $id: ID!) {
    folder(companyId: $companyId, id: $id) {
      ...FolderFields
    }
  }
`);
