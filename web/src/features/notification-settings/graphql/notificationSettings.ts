import { graphql } from '../../../gql';

export const NOTIFICATION_SETTING_FIELDS = graphql(`
  fragment NotificationSettingFields on NotificationSetting {
    notificationType
    categoryIds
    companyIds
    categoryName
    companyName
  }
`);

export const NOTIFICATION_SETTINGS_FIELDS = graphql(`
  fragment NotificationSettingsFields on NotificationSettings {
    type
    newMessageThread {
      ...NotificationSettingFields
    }
    newMessageInThread {
      ...NotificationSettingFields
    }
    newReactionToMyMessage {
      ...NotificationSettingFields
    }
    urgentMessageThread {
      ...NotificationSettingFields
    }
    threadMentionOfMe {
      ...NotificationSettingFields
    }
    assignmentChanged {
      ...NotificationSettingFields
    }
    threadStatusChanged {
      ...NotificationSettingFields
    }
    threadDueDateChanged {
      ...NotificationSettingFields
    }
    threadDueDateApproaching {
      ...NotificationSettingFields
    }
    threadDueDateOverdue {
      ...NotificationSettingFields
    }
    newFileUploaded {
      ...NotificationSettingFields
    }
    accessRightsChanged {
      ...NotificationSettingFields
    }
    scopeOptions {
      id
      name
    }
  }
`);

/** The viewer's settings of one type (spec 002 §7 notificationSettings). */
export const NOTIFICATION_SETTINGS = graphql(`
  query NotificationSettings($type: String!) {
    notificationSettings(type: $type) {
      ...NotificationSettingsFields
    }
  }
`);

/** Saves triggers; answers the whole settings (spec 002 §7 saveNotificationSettings). */
export const SAVE_NOTIFICATION_SETTINGS = graphql(`
  mutation SaveNotificationSettings($input: NotificationSettingsInput!) {
    saveNotificationSettings(input: $input) {
      notificationSettings {
        ...NotificationSettingsFields
      }
      errors {
        code
        message
        field
        entityType
      }
    }
  }
`);
