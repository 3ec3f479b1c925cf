package access

import (
	"math"
	"slices"

	"github.com/google/uuid"
)

// Actions. ActionManage matches every action.
const (
	ActionManage                   = "manage"
	ActionCreate                   = "create"
	ActionRead                     = "read"
	ActionUpdate                   = "update"
	ActionDestroy                  = "destroy"
	ActionHide                     = "hide"
	ActionViewReaders              = "view_readers"
	ActionSaveSSO                  = "save_sso"
	ActionMarkAsRead               = "mark_as_read"
	ActionMarkAsUnread             = "mark_as_unread"
	ActionBulkChangeStatus         = "bulk_change_status"
	ActionBulkChangeDueDate        = "bulk_change_due_date"
	ActionBulkAssign               = "bulk_assign"
	ActionBulkChangePriority       = "bulk_change_priority"
	ActionBulkChangeCompletionDate = "bulk_change_completion_date"
	ActionBulkChangeUnread         = "bulk_change_unread"
	ActionChangeStatus             = "change_status"
	ActionAssign                   = "assign"
	ActionChangeDueDate            = "change_due_date"
	ActionChangePriority           = "change_priority"
	ActionChangeUrgent             = "change_urgent"
	ActionChangeCompletionDate     = "change_completion_date"
	ActionGeneratePDF              = "generate_pdf"
	ActionRestore                  = "restore"
	ActionCopy                     = "copy"
)

// Subjects. SubjectAll matches every subject.
const (
	SubjectAll                    = "all"
	SubjectTask                   = "Inbox::Task"
	SubjectMessage                = "Inbox::Message"
	SubjectAttachment             = "Inbox::Attachment"
	SubjectCompanyFile            = "CompanyFile"
	SubjectFolder                 = "Folder"
	SubjectSystemBanner           = "SystemBanner"
	SubjectCompanyUser            = "CompanyUser"
	SubjectPorticoUser            = "PorticoUser"
	SubjectCompany                = "Company"
	SubjectMyProfile              = "MyProfile"
	SubjectCompanyCategorySetting = "CompanyCategorySetting"
	SubjectCompanyAcceptedEmail   = "CompanyAcceptedEmail"
	SubjectCompanyAcceptedDomain  = "CompanyAcceptedDomain"
	SubjectDynamicFieldValue      = "DynamicFieldValue"
	SubjectCompanyWorkflow        = "CompanyWorkflow"
	SubjectWorkflowInstance       = "WorkflowInstance"
	SubjectEventsLog              = "EventsLog"
)

// Fields of CompanyCategorySetting that updates are checked against.
const (
	FieldEmailEnabled                         = "emailEnabled"
	FieldEmailAlias                           = "emailAlias"
	FieldAllowEmailsFromNonWhitelistedSenders = "allowEmailsFromNonWhitelistedSenders"
)

// Condition attributes (see Object).
const (
	AttrCategoryID = "categoryId"
	AttrUserID     = "userId"
	AttrHidden     = "hidden"
	AttrType       = "type"
)

// OpIn is the list operator of conditions: {"categoryId": {"$in": [1, 2]}}.
const OpIn = "$in"

// Thread types, the values of AttrType.
const (
	TaskTypeInbox    = "inbox_task"
	TaskTypeWorkflow = "workflow_task"
)

// Actions lists every concrete action (not ActionManage), in a fixed order.
func Actions() []string {
	return []string{
		ActionCreate, ActionRead, ActionUpdate, ActionDestroy, ActionHide,
		ActionViewReaders, ActionSaveSSO, ActionMarkAsRead, ActionMarkAsUnread,
		ActionBulkChangeStatus, ActionBulkChangeDueDate, ActionBulkAssign,
		ActionBulkChangePriority, ActionBulkChangeCompletionDate,
		ActionBulkChangeUnread, ActionChangeStatus, ActionAssign,
		ActionChangeDueDate, ActionChangePriority, ActionChangeUrgent,
		ActionChangeCompletionDate, ActionGeneratePDF, ActionRestore, ActionCopy,
	}
}

// Subjects lists every concrete subject (not SubjectAll), in a fixed order.
func Subjects() []string {
	return []string{
		SubjectTask, SubjectMessage, SubjectAttachment, SubjectCompanyFile,
		SubjectFolder, SubjectSystemBanner, SubjectCompanyUser,
		SubjectPorticoUser, SubjectCompany, SubjectMyProfile,
		SubjectCompanyCategorySetting, SubjectCompanyAcceptedEmail,
		SubjectCompanyAcceptedDomain, SubjectDynamicFieldValue,
		SubjectCompanyWorkflow, SubjectWorkflowInstance, SubjectEventsLog,
	}
}

// Rule is one CASL-style rule, returned to the client as is.
type Rule struct {
	Action     string         `json:"action"`
	Subject    string         `json:"subject"`
	Fields     []string       `json:"fields,omitempty"`
	Conditions map[string]any `json:"conditions,omitempty"`
	Inverted   bool           `json:"inverted,omitempty"`
}

// Object is what a rule's conditions are matched against. Zero values mean
// "not set": a CategoryID of 0, a nil UserID or CompanyID, an empty Type.
type Object struct {
	// CompanyID, when set, must be the company the abilities were computed for.
	CompanyID uuid.UUID
	// CategoryID: the thread's category for threads, messages and attachments;
	// the folder's category for folders and files; the setting's or field's
	// category for CompanyCategorySetting and DynamicFieldValue.
	CategoryID int64
	// UserID: the author of a thread or message, the uploader of an attachment
	// or file, the user of a CompanyUser row.
	UserID uuid.UUID
	// Hidden: the thread is in the bin.
	Hidden bool
	// Type: the thread type, TaskTypeInbox or TaskTypeWorkflow.
	Type string
}

// attr returns the object's value of a condition attribute, normalised as the
// condition values are (int64, string, bool), and whether it is set.
func (o Object) attr(name string) (any, bool) {
	switch name {
	case AttrCategoryID:
		return o.CategoryID, o.CategoryID != 0
	case AttrUserID:
		return o.UserID.String(), o.UserID != uuid.Nil
	case AttrHidden:
		return o.Hidden, true
	case AttrType:
		return o.Type, o.Type != ""
	}
	return nil, false
}

// clone copies the rule deeply enough that changing the copy's fields or
// conditions leaves r alone.
func (r Rule) clone() Rule {
	r.Fields = slices.Clone(r.Fields)
	if r.Conditions != nil {
		cond := make(map[string]any, len(r.Conditions))
		for k, v := range r.Conditions {
			cond[k] = cloneValue(v)
		}
		r.Conditions = cond
	}
	return r
}

func cloneValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, item := range x {
			out[k] = cloneValue(item)
		}
		return out
	case []int64:
		return slices.Clone(x)
	case []string:
		return slices.Clone(x)
	case []any:
		return slices.Clone(x)
	}
	return v
}

func (r Rule) matchesAction(action string) bool {
	return r.Action == action || r.Action == ActionManage
}

func (r Rule) matchesSubject(subject string) bool {
	return r.Subject == subject || r.Subject == SubjectAll
}

// matchesField: a rule without fields covers every field; "" asks for none.
func (r Rule) matchesField(field string) bool {
	if field == "" {
		return len(r.Fields) == 0
	}
	return len(r.Fields) == 0 || slices.Contains(r.Fields, field)
}

// matchesConditions reports whether every condition holds for obj.
func (r Rule) matchesConditions(obj Object) bool {
	for name, want := range r.Conditions {
		got, ok := obj.attr(name)
		if !matchValue(got, ok, want) {
			return false
		}
	}
	return true
}

func matchValue(got any, set bool, want any) bool {
	if want == nil {
		return !set
	}
	if !set {
		return false
	}
	if op, ok := want.(map[string]any); ok {
		list, ok := op[OpIn]
		if !ok || len(op) != 1 {
			return false // unknown operator: deny
		}
		return inList(got, list)
	}
	w, ok := normalise(want)
	return ok && w == got
}

func inList(got any, list any) bool {
	switch l := list.(type) {
	case []int64:
		v, ok := got.(int64)
		return ok && slices.Contains(l, v)
	case []string:
		v, ok := got.(string)
		return ok && slices.Contains(l, v)
	case []any:
		for _, item := range l {
			if w, ok := normalise(item); ok && w == got {
				return true
			}
		}
	}
	return false
}

// normalise maps a condition value to int64, string or bool, so that rules
// built here and rules decoded from JSON (float64 numbers) compare alike.
func normalise(v any) (any, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int:
		return int64(x), true
	case float64:
		if x != math.Trunc(x) {
			return nil, false
		}
		return int64(x), true
	case string:
		return x, true
	case uuid.UUID:
		return x.String(), true
	case bool:
		return x, true
	}
	return nil, false
}
