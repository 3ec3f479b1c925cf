import { graphql } from '../../../gql';

/** What the files table and the file modals read of a file. */
export const COMPANY_FILE_FIELDS = graphql(`
  fragment CompanyFileFields on CompanyFile {
    uuid
    filename
    description
    extension
    fileSize
    uploadedAt
    uploaderActive
    canUpdate
    canDestroy
    folder {
      uuid
      name
    }
    uploader {
      uuid
      name
      active
    }
  }
`);
