import { graphql } from '../../../gql';

/** Polled until the attachment zip is made (archivedAt) or failed (error). */
export const THREAD_ZIP_FILE = graphql(`
  query ThreadZipFile($id: ID!, $companyId: ID!) {
    inboxZipFile(id: $id, companyId: $companyId) {
      uuid
      archivedAt
      error
    }
  }
`);
