import { graphql } from '../../../gql';

/** The state of a shared-files zip being made; polled until archivedAt or error is set. */
export const CONTENT_ZIP_FILE = graphql(`
  query ContentZipFile($companyId: ID!, $id: ID!) {
    contentZipFile(companyId: $companyId, id: $id) {
      uuid
      archivedAt
      error
    }
  }
`);
