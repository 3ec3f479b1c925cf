package mail

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// Setting types: customer (a customer's settings), portico (staff, every
// company they see) and portico_customers (staff, the companies they are
// responsible for: the my_customers tab).
const (
	TypeCustomer         = "customer"
	TypePortico          = "portico"
	TypePorticoCustomers = "portico_customers"
)

// Notification types of a trigger.
const (
	NotifyNone      = "none"
	NotifyImmediate = "email_immediately"
	NotifyDigest    = "digest"
	NotifyEveryDay  = "every_day"
)

// The twelve triggers, in the spec's order.
const (
	TriggerNewMessageThread         = "newMessageThread"
	TriggerNewMessageInThread       = "newMessageInThread"
	TriggerNewReactionToMyMessage   = "newReactionToMyMessage"
	TriggerUrgentMessageThread      = "urgentMessageThread"
	TriggerThreadMentionOfMe        = "threadMentionOfMe"
	TriggerAssignmentChanged        = "assignmentChanged"
	TriggerThreadStatusChanged      = "threadStatusChanged"
	TriggerThreadDueDateChanged     = "threadDueDateChanged"
	TriggerThreadDueDateApproaching = "threadDueDateApproaching"
	TriggerThreadDueDateOverdue     = "threadDueDateOverdue"
	TriggerNewFileUploaded          = "newFileUploaded"
	TriggerAccessRightsChanged      = "accessRightsChanged"
)

// Triggers lists the twelve triggers in the spec's order.
var Triggers = []string{
	TriggerNewMessageThread, TriggerNewMessageInThread, TriggerNewReactionToMyMessage, TriggerUrgentMessageThread,
	TriggerThreadMentionOfMe, TriggerAssignmentChanged, TriggerThreadStatusChanged, TriggerThreadDueDateChanged,
	TriggerThreadDueDateApproaching, TriggerThreadDueDateOverdue, TriggerNewFileUploaded, TriggerAccessRightsChanged,
}

// EveryDayAllowed tells whether a trigger may be sent as the morning mail.
func EveryDayAllowed(trigger string) bool {
	return trigger == TriggerThreadDueDateApproaching || trigger == TriggerThreadDueDateOverdue
}

// TriggerSetting is one trigger's choice: how it is sent and to which
// categories (customers) or companies (staff) it applies; an empty scope is all.
type TriggerSetting struct {
	Trigger          string
	NotificationType string
	CategoryIDs      []int64
	CompanyIDs       []uuid.UUID
	// CategoryName and CompanyName name the one chosen category or company.
	CategoryName *string
	CompanyName  *string
}

// Settings are a user's triggers of one type. Triggers holds the rows that
// exist for the type (eleven for customers: no assignmentChanged).
type Settings struct {
	Type     string
	Triggers []TriggerSetting
	// Options are what a scope may choose from, by name: categories for
	// customers, companies for staff.
	Options []ScopeOption
}

// ScopeOption is a category (ID) or a company (UUID) a setting may apply to.
type ScopeOption struct {
	ID   int64
	UUID uuid.UUID
	Name string
}

// Trigger is the setting of one trigger, if the type has it.
func (s Settings) Trigger(name string) (TriggerSetting, bool) {
	for _, t := range s.Triggers {
		if t.Trigger == name {
			return t, true
		}
	}
	return TriggerSetting{}, false
}

// TriggerInput is one trigger of saveNotificationSettings.
type TriggerInput struct {
	NotificationType string
	CategoryIDs      []int64
	CompanyIDs       []uuid.UUID
}

// SettingsService reads and saves notification settings.
type SettingsService struct {
	st  *store.Store
	dir *org.Directory
}

// NewSettings builds the settings service.
func NewSettings(st *store.Store, dir *org.Directory) *SettingsService {
	return &SettingsService{st: st, dir: dir}
}

// scope is what a viewer may choose from in a type: the categories or the
// companies, by id, with their names.
type scope struct {
	byCategory bool
	categories map[int64]string
	companies  map[int64]store.Company
	byUUID     map[uuid.UUID]int64
}

// scopeOf checks that the viewer has the type and answers what its badge may
// choose: customers choose among the categories they see, staff among the
// companies they see (portico) or are responsible for (portico_customers).
func (s *SettingsService) scopeOf(ctx context.Context, req org.Request, typ string) (scope, error) {
	switch typ {
	case TypeCustomer, TypePortico, TypePorticoCustomers:
	default:
		return scope{}, apperr.Argument("invalid_notification_settings_type")
	}
	customer := req.User.UserType == "customer"
	if req.User.UserType != "customer" && req.User.UserType != "portico_user" {
		return scope{}, apperr.Denied("")
	}
	if customer != (typ == TypeCustomer) {
		return scope{}, apperr.Denied("")
	}
	companies, err := s.dir.Companies(ctx, req.User, false)
	if err != nil {
		return scope{}, err
	}
	sc := scope{byCategory: customer, categories: map[int64]string{}, companies: map[int64]store.Company{},
		byUUID: map[uuid.UUID]int64{}}
	for _, c := range companies {
		if typ == TypePorticoCustomers && !c.Membership.Responsible {
			continue
		}
		sc.companies[c.Company.ID] = c.Company
		sc.byUUID[c.Company.UUID] = c.Company.ID
		for _, cat := range c.VisibleCategories() {
			sc.categories[cat.ID] = cat.Name
		}
	}
	if typ == TypePorticoCustomers && len(sc.companies) == 0 {
		return scope{}, apperr.Denied("")
	}
	return sc, nil
}

// options lists the scope's choices by name.
func (sc scope) options() []ScopeOption {
	var out []ScopeOption
	if sc.byCategory {
		for id, name := range sc.categories {
			out = append(out, ScopeOption{ID: id, Name: name})
		}
	} else {
		for _, c := range sc.companies {
			out = append(out, ScopeOption{ID: c.ID, UUID: c.UUID, Name: c.Name})
		}
	}
	slices.SortFunc(out, func(a, b ScopeOption) int {
		if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
			return c
		}
		return int(a.ID - b.ID)
	})
	return out
}

// Get answers notificationSettings(type): the viewer's setting per trigger,
// the default where they saved none. Ids no longer in the viewer's scope are
// left out.
func (s *SettingsService) Get(ctx context.Context, req org.Request, typ string) (Settings, error) {
	sc, err := s.scopeOf(ctx, req, typ)
	if err != nil {
		return Settings{}, err
	}
	return s.read(ctx, s.st.Queries, req.User.ID, typ, sc)
}

func (s *SettingsService) read(ctx context.Context, q *store.Queries, userID int64, typ string, sc scope) (Settings, error) {
	rows, err := q.NotificationSettingList(ctx, store.NotificationSettingListParams{UserID: userID, SettingType: typ})
	if err != nil {
		return Settings{}, fmt.Errorf("mail: settings: %w", err)
	}
	out := Settings{Type: typ, Triggers: make([]TriggerSetting, 0, len(rows)), Options: sc.options()}
	for _, r := range rows {
		t := TriggerSetting{Trigger: r.Trigger, NotificationType: r.NotificationType,
			CategoryIDs: []int64{}, CompanyIDs: []uuid.UUID{}}
		for _, id := range r.CategoryIds {
			if name, ok := sc.categories[id]; ok {
				t.CategoryIDs = append(t.CategoryIDs, id)
				if len(r.CategoryIds) == 1 {
					t.CategoryName = &name
				}
			}
		}
		for _, id := range r.CompanyIds {
			if c, ok := sc.companies[id]; ok {
				t.CompanyIDs = append(t.CompanyIDs, c.UUID)
				if len(r.CompanyIds) == 1 {
					name := c.Name
					t.CompanyName = &name
				}
			}
		}
		out.Triggers = append(out.Triggers, t)
	}
	return out, nil
}

// Save answers saveNotificationSettings: the triggers given are stored in one
// transaction, or none is when any is refused (an unknown trigger or type,
// every_day where it is not allowed, assignmentChanged for customers, a
// category or company outside the viewer's scope, or the wrong kind of scope).
func (s *SettingsService) Save(ctx context.Context, req org.Request, typ string, in map[string]TriggerInput) (Settings, error) {
	sc, err := s.scopeOf(ctx, req, typ)
	if err != nil {
		return Settings{}, err
	}
	type row struct {
		trigger    string
		in         TriggerInput
		companyIDs []int64
	}
	var rows []row
	for _, trigger := range Triggers {
		t, ok := in[trigger]
		if !ok {
			continue
		}
		if trigger == TriggerAssignmentChanged && typ == TypeCustomer {
			return Settings{}, apperr.Invalid(trigger, "trigger_not_available")
		}
		switch t.NotificationType {
		case NotifyNone, NotifyImmediate, NotifyDigest:
		case NotifyEveryDay:
			if !EveryDayAllowed(trigger) {
				return Settings{}, apperr.Invalid(trigger, "every_day_not_allowed")
			}
		default:
			return Settings{}, apperr.Invalid(trigger, "invalid_notification_type")
		}
		if sc.byCategory && len(t.CompanyIDs) > 0 {
			return Settings{}, apperr.Invalid(trigger, "company_ids_not_allowed")
		}
		if !sc.byCategory && len(t.CategoryIDs) > 0 {
			return Settings{}, apperr.Invalid(trigger, "category_ids_not_allowed")
		}
		r := row{trigger: trigger, in: t, companyIDs: []int64{}}
		for _, id := range t.CategoryIDs {
			if _, ok := sc.categories[id]; !ok {
				return Settings{}, apperr.NotFound("category")
			}
		}
		for _, id := range t.CompanyIDs {
			cid, ok := sc.byUUID[id]
			if !ok {
				return Settings{}, apperr.NotFound("company")
			}
			r.companyIDs = append(r.companyIDs, cid)
		}
		r.in.CategoryIDs = dedupe(t.CategoryIDs)
		r.companyIDs = dedupe(r.companyIDs)
		rows = append(rows, r)
	}
	for trigger := range in {
		if !slices.Contains(Triggers, trigger) {
			return Settings{}, apperr.Invalid(trigger, "unknown_trigger")
		}
	}
	var out Settings
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		for _, r := range rows {
			if err := q.NotificationSettingSave(ctx, store.NotificationSettingSaveParams{UserID: req.User.ID,
				SettingType: typ, Trigger: r.trigger, NotificationType: r.in.NotificationType,
				CategoryIds: r.in.CategoryIDs, CompanyIds: r.companyIDs}); err != nil {
				return fmt.Errorf("mail: save setting: %w", err)
			}
		}
		var err error
		out, err = s.read(ctx, q, req.User.ID, typ, sc)
		return err
	})
	return out, err
}

func dedupe(ids []int64) []int64 {
	out := append([]int64{}, ids...)
	slices.Sort(out)
	return slices.Compact(out)
}
