import { graphql } from '../../../gql';

/** The thread fields the pane shows (header, footer, abilities). */
export const THREAD_TASK_FIELDS = graphql(`
  fragment ThreadTaskFields on InboxTask {
    uuid
    companyId
    company {
      uuid
      name
      rules {
        ...RuleFields
      }
    }
    title
    description
    status
    permittedTransitions
    statusEditable
    priority
    urgent
    dueDate
    completionDate
    overdue
    overdueStatus
    hidden
    read
    unreadCount
    unreadActivityId
    createdAt
    updatedAt
    activityAt
    categoryId
    category {
      id
      name
      active
      categoryType
    }
    user {
      uuid
      name
      userType
      active
      masked
    }
    userActive
    responsible {
      uuid
      name
      active
      masked
    }
    responsibleActive
    taskType
    type
    workflow {
      uuid
      name
    }
  }
`);

/** An attachment as the panel and the messages show it. */
export const THREAD_ATTACHMENT_FIELDS = graphql(`
  fragment ThreadAttachmentFields on InboxAttachment {
    uuid
    filename
    extension
    contentType
    fileSize
    uploadedAt
    uploader {
      uuid
      name
      masked
    }
    activityId
    companyId
    taskId
    url
    canDestroy
  }
`);

/** One entry of the thread's stream: a message, an attachment or a system line. */
export const THREAD_ACTIVITY_FIELDS = graphql(`
  fragment ThreadActivityFields on InboxActivity {
    uuid
    key
    message
    createdAt
    updatedAt
    actionAt
    read
    readByMe
    readStatus
    own
    imageUrl
    creator {
      name
      active
      userRole
      userType
    }
    trackableUser {
      uuid
      name
      active
      masked
    }
    trackableMy
    additionArgs
    inboxMessage {
      uuid
      body
      imageUrl
      edited
      deleted
      deletedBy {
        uuid
        name
        userRole
        masked
      }
      replyable {
        replyableType
        uuid
        body
        filename
        extension
        imageUrl
        uploader {
          name
        }
        user {
          name
        }
        activityKey
        activityId
        createdAt
      }
      activityId
    }
    attachment {
      ...ThreadAttachmentFields
    }
    emojiReactions {
      emoji
      emojiReactionCount
      reactedByMe
      emojiReactedUsers {
        uuid
        name
      }
    }
    internal
    taskId
  }
`);
