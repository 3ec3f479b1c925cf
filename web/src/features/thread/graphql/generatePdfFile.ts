import { graphql } from '../../../gql';

export const GENERATE_PDF_FILE = graphql(`
  mutation ThreadGeneratePdfFile($taskId: ID!, $companyId: ID!) {
    generatePdfFile(taskId: $taskId, companyId: $companyId) {
      pdfFile {
        uuid
        generatedAt
        error
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
