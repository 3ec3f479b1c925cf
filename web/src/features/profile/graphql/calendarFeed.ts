import { graphql } from '../../../gql';

/** The viewer's calendar feed (its address is never read back: only renewCalendarFeed gives it). */
export const CALENDAR_FEED = graphql(`
  query CalendarFeed {
    calendarFeed {
      assignedOnly
      createdAt
    }
  }
`);

export const RENEW_CALENDAR_FEED = graphql(`
  mutation RenewCalendarFeed($assignedOnly: Boolean) {
    renewCalendarFeed(assignedOnly: $assignedOnly) {
      calendarFeed {
        url
        assignedOnly
        createdAt
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const UPDATE_CALENDAR_FEED = graphql(`
  mutation UpdateCalendarFeed($assignedOnly: Boolean!) {
    updateCalendarFeed(assignedOnly: $assignedOnly) {
      calendarFeed {
        assignedOnly
        createdAt
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_CALENDAR_FEED = graphql(`
  mutation DeleteCalendarFeed {
    deleteCalendarFeed {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
