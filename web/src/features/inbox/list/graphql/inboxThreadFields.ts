import { graphql } from '../../../../gql';

/** What a thread card of the inbox list shows. */
export const INBOX_THREAD_FIELDS = graphql(`
  fragment InboxThreadFields on InboxTask {
    uuid
    companyId
    company {
      uuid
      name
    }
    title
    status
    priority
    urgent
    dueDate
    overdue
    hidden
    read
    unreadCount
    # where the pane opens: a card's refresh keeps the cached thread's marker current
    unreadActivityId
    mentioned
    activityAt
    categoryId
    category {
      id
      name
      categoryType
    }
    user {
      uuid
      name
      active
      masked
    }
    userActive
    responsible {
      uuid
      name
      active
    }
    responsibleActive
    type
    workflow {
      uuid
      name
    }
  }
`);
