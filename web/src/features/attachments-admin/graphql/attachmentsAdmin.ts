import { graphql } from '../../../gql';

export const ALL_INBOX_ATTACHMENTS = graphql(`
  query AllInboxAttachments(
    $companyId: ID!
    $categoryId: ID
    $dateFrom: String
    $dateTo: String
    $limit: Int
    $page: Int
    $search: String
  ) {
    allInboxAttachments(
      companyId: $companyId
      categoryId: $categoryId
      dateFrom: $dateFrom
      dateTo: $dateTo
      limit: $limit
      page: $page
      search: $search
    ) {
      totalCount
      attachments {
        uuid
        filename
        fileSize
        uploadedAt
        taskTitle
        categoryId
        url
        canDestroy
        uploader {
          name
        }
      }
      categories {
        id
        name
      }
      abilities {
        destroy
      }
    }
  }
`);

export const SYSTEM_DELETE_ATTACHMENTS = graphql(`
  mutation SystemDeleteAttachments($companyId: ID!, $attachmentIds: [ID!]!) {
    systemDeleteAttachments(companyId: $companyId, attachmentIds: $attachmentIds) {
      deletableEntity {
        id
        undoUntil
        attachmentIds
      }
      attachmentIds
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const UNDO_DELETE_ATTACHMENTS = graphql(`
  mutation UndoDeleteAttachments($id: ID!) {
    undoDeleteAttachments(id: $id) {
      success
      attachmentIds
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const ATTACHMENTS_ADMIN_COMPANY = graphql(`
  query AttachmentsAdminCompany($id: ID!) {
    company(id: $id) {
      uuid
      name
    }
  }
`);
