package graph

import (
	"strconv"

	"github.com/google/uuid"

	"portico/api/graph/model"
	"portico/engine/apperr"
	"portico/engine/mail"
)

// notifications is the notification settings service.
func (r *Resolver) notifications() (*mail.SettingsService, error) {
	if r.svc.Notifications == nil {
		return nil, apperr.Argument("notifications_unavailable")
	}
	return r.svc.Notifications, nil
}

// NotificationSettings maps a user's settings of one type.
func NotificationSettings(s mail.Settings) *model.NotificationSettings {
	m := &model.NotificationSettings{Type: s.Type, ScopeOptions: []*model.NotificationScopeOption{}}
	for _, o := range s.Options {
		id := strconv.FormatInt(o.ID, 10)
		if o.UUID != uuid.Nil {
			id = o.UUID.String()
		}
		m.ScopeOptions = append(m.ScopeOptions, &model.NotificationScopeOption{ID: id, Name: o.Name})
	}
	for _, t := range s.Triggers {
		one := &model.NotificationSetting{NotificationType: t.NotificationType, CategoryIds: []string{},
			CompanyIds: []string{}, CategoryName: t.CategoryName, CompanyName: t.CompanyName}
		for _, id := range t.CategoryIDs {
			one.CategoryIds = append(one.CategoryIds, strconv.FormatInt(id, 10))
		}
		for _, id := range t.CompanyIDs {
			one.CompanyIds = append(one.CompanyIds, id.String())
		}
		switch t.Trigger {
		case mail.TriggerNewMessageThread:
			m.NewMessageThread = one
		case mail.TriggerNewMessageInThread:
			m.NewMessageInThread = one
		case mail.TriggerNewReactionToMyMessage:
			m.NewReactionToMyMessage = one
		case mail.TriggerUrgentMessageThread:
			m.UrgentMessageThread = one
		case mail.TriggerThreadMentionOfMe:
			m.ThreadMentionOfMe = one
		case mail.TriggerAssignmentChanged:
			m.AssignmentChanged = one
		case mail.TriggerThreadStatusChanged:
			m.ThreadStatusChanged = one
		case mail.TriggerThreadDueDateChanged:
			m.ThreadDueDateChanged = one
		case mail.TriggerThreadDueDateApproaching:
			m.ThreadDueDateApproaching = one
		case mail.TriggerThreadDueDateOverdue:
			m.ThreadDueDateOverdue = one
		case mail.TriggerNewFileUploaded:
			m.NewFileUploaded = one
		case mail.TriggerAccessRightsChanged:
			m.AccessRightsChanged = one
		}
	}
	return m
}

// notificationInput decodes saveNotificationSettings' triggers.
func notificationInput(in model.NotificationSettingsInput) (map[string]mail.TriggerInput, error) {
	given := map[string]*model.NotificationSettingInput{
		mail.TriggerNewMessageThread: in.NewMessageThread, mail.TriggerNewMessageInThread: in.NewMessageInThread,
		mail.TriggerNewReactionToMyMessage: in.NewReactionToMyMessage, mail.TriggerUrgentMessageThread: in.UrgentMessageThread,
		mail.TriggerThreadMentionOfMe: in.ThreadMentionOfMe, mail.TriggerAssignmentChanged: in.AssignmentChanged,
		mail.TriggerThreadStatusChanged: in.ThreadStatusChanged, mail.TriggerThreadDueDateChanged: in.ThreadDueDateChanged,
		mail.TriggerThreadDueDateApproaching: in.ThreadDueDateApproaching, mail.TriggerThreadDueDateOverdue: in.ThreadDueDateOverdue,
		mail.TriggerNewFileUploaded: in.NewFileUploaded, mail.TriggerAccessRightsChanged: in.AccessRightsChanged,
	}
	out := map[string]mail.TriggerInput{}
	for trigger, t := range given {
		if t == nil {
			continue
		}
		var a args
		ti := mail.TriggerInput{NotificationType: t.NotificationType, CategoryIDs: a.int64s(t.CategoryIds, "category"),
			CompanyIDs: a.ids(t.CompanyIds, "company")}
		if a.err != nil {
			return nil, a.err
		}
		out[trigger] = ti
	}
	return out, nil
}
