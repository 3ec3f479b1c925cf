import { graphql } from '../../../gql';

/** Polled until the thread PDF is made (generatedAt) or failed (error). */
export const THREAD_PDF_FILE = graphql(`
  query ThreadPdfFile($id: ID!, $companyId: ID!) {
    inboxPdfFile(id: $id, companyId: $companyId) {
      uuid
      generatedAt
      error
    }
  }
`);
