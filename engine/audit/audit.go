package audit

import (
	"context"
	"encoding/json"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// Categories are the events log's categories: the spec's (002 §9) and
// Workflow, which Portico's workflow engine adds.
var Categories = []string{"Users", "Inbox", "Files", "Category", "Company", "CustomerUser", "SystemBanner",
	"InboundEmail", "Admin:CustomerUser", "Admin:AgentUser", "DynamicFieldValue", "CompanyCategory", "Workflow"}

// Paging of the events log (spec 002 §9: page size 10).
const (
	DefaultPerPage = 10
	MaxPerPage     = 100
)

// Log reads the events log.
type Log struct {
	st  *store.Store
	dir *org.Directory
}

// New builds the events-log reader.
func New(st *store.Store, dir *org.Directory) *Log { return &Log{st: st, dir: dir} }

// Filter is the events log's query: every field optional. Times are the
// range [TimeStart, TimeEnd).
type Filter struct {
	CompanyID *uuid.UUID
	UserID    *uuid.UUID
	Category  string
	Search    string
	TimeStart *time.Time
	TimeEnd   *time.Time
	Page      int
	PerPage   int
	// Ascending lists oldest first (sort_order asc); the default is newest first.
	Ascending bool
}

// User is an entry's writer as the page shows it.
type User struct {
	UUID   uuid.UUID `json:"uuid"`
	Name   string    `json:"name"`
	Email  string    `json:"email"`
	Active bool      `json:"active"`
}

// Company is an entry's company.
type Company struct {
	UUID uuid.UUID `json:"uuid"`
	Name string    `json:"name"`
}

// Entry is one events-log entry (spec 002 §3 "Event log entry").
type Entry struct {
	ID                 int64     `json:"id"`
	UpdatedAt          time.Time `json:"updated_at"`
	EventCategory      string    `json:"event_category"`
	EventName          string    `json:"event_name"`
	EventLabelExtended *string   `json:"event_label_extended"`
	// User is nil for entries written without a user (shown as API).
	User    *User           `json:"user_id"`
	Company *Company        `json:"company"`
	IP      *string         `json:"ip"`
	Data    json.RawMessage `json:"data"`
}

// Page is one page of entries with the totals of the filter.
type Page struct {
	Entries    []Entry
	TotalCount int64
	TotalPages int64
}

// List answers a page of the events log. Only global admins read it (in the
// admin panel): with a company, that company's entries (RECORD_NOT_FOUND for
// one they cannot see); without, every entry.
func (l *Log) List(ctx context.Context, req org.Request, f Filter) (Page, error) {
	if f.Category != "" && !slices.Contains(Categories, f.Category) {
		return Page{}, apperr.Invalid("event_category", "invalid_category")
	}
	if f.TimeStart != nil && f.TimeEnd != nil && !f.TimeEnd.After(*f.TimeStart) {
		return Page{}, apperr.Invalid("time_end", "invalid_date_range")
	}
	if !mayRead(req) {
		return Page{}, apperr.Denied("")
	}
	p := store.EventLogPageParams{TimeStart: f.TimeStart, TimeEnd: f.TimeEnd}
	if f.CompanyID != nil {
		c, err := l.dir.Company(ctx, req.User, req.AdminPanel, *f.CompanyID)
		if err != nil {
			return Page{}, err
		}
		if !c.Abilities.Can(access.ActionRead, access.SubjectEventsLog) {
			return Page{}, apperr.Denied("")
		}
		p.CompanyID = &c.Company.ID
	}
	if f.UserID != nil {
		u, err := l.st.UserGetByUUID(ctx, *f.UserID)
		if store.IsNotFound(err) {
			return Page{}, apperr.NotFound("user")
		}
		if err != nil {
			return Page{}, err
		}
		p.UserID = &u.ID
	}
	if f.Category != "" {
		p.EventCategory = &f.Category
	}
	if s := strings.TrimSpace(f.Search); s != "" {
		like := "%" + likeEscaper.Replace(s) + "%"
		p.Search = &like
	}
	per := f.PerPage
	if per <= 0 {
		per = DefaultPerPage
	}
	per = min(per, MaxPerPage)
	page := max(f.Page, 1)
	p.Lim, p.Off = int32(per), int32((page-1)*per)

	var out Page
	err := l.st.InTx(ctx, func(q *store.Queries) error {
		if err := q.EventLogCustomPlans(ctx); err != nil {
			return err
		}
		n, err := q.EventLogCount(ctx, store.EventLogCountParams{CompanyID: p.CompanyID, EventCategory: p.EventCategory,
			UserID: p.UserID, TimeStart: p.TimeStart, TimeEnd: p.TimeEnd, Search: p.Search})
		if err != nil {
			return err
		}
		out.TotalCount, out.TotalPages = n, (n+int64(per)-1)/int64(per)
		if int64(p.Off) >= n {
			return nil
		}
		var rows []store.EventLogPageRow
		if f.Ascending {
			asc, err := q.EventLogPageAsc(ctx, store.EventLogPageAscParams(p))
			if err != nil {
				return err
			}
			for _, r := range asc {
				rows = append(rows, store.EventLogPageRow(r))
			}
		} else if rows, err = q.EventLogPage(ctx, p); err != nil {
			return err
		}
		out.Entries = mapAll(rows)
		return nil
	})
	return out, err
}

// mayRead: only global admins, in the admin panel, read the events log.
func mayRead(req org.Request) bool {
	return req.AdminPanel && req.User.UserRole == string(access.UserRoleAdmin)
}

// UserSearchLimit is how many users the events log's user filter offers at once.
const UserSearchLimit = 20

// Users answers the events log's user filter as the reader types: users whose
// name or e-mail contains search (staff and customers, active or not, as old
// entries have writers of every kind), by name, at most UserSearchLimit. Only
// those who read the log may ask.
func (l *Log) Users(ctx context.Context, req org.Request, search string) ([]User, error) {
	if !mayRead(req) {
		return nil, apperr.Denied("")
	}
	pattern := "%" + likeEscaper.Replace(strings.TrimSpace(search)) + "%"
	rows, err := l.st.EventLogUserSearch(ctx, store.EventLogUserSearchParams{Pattern: pattern, Lim: UserSearchLimit})
	if err != nil {
		return nil, err
	}
	out := make([]User, len(rows))
	for i, r := range rows {
		out[i] = User{UUID: r.UUID, Name: r.Name, Email: r.Email, Active: r.Active}
	}
	return out, nil
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

func mapAll(rows []store.EventLogPageRow) []Entry {
	out := make([]Entry, 0, len(rows))
	for _, r := range rows {
		e := Entry{ID: r.ID, UpdatedAt: r.CreatedAt, EventCategory: r.EventCategory, EventName: r.EventName,
			EventLabelExtended: r.EventLabelExtended, Data: r.Data, IP: ipText(r.Ip)}
		if r.UserUuid != nil {
			e.User = &User{UUID: *r.UserUuid, Name: deref(r.UserName), Email: deref(r.UserEmail), Active: r.UserActive != nil && *r.UserActive}
		}
		if r.CompanyUuid != nil {
			e.Company = &Company{UUID: *r.CompanyUuid, Name: deref(r.CompanyName)}
		}
		out = append(out, e)
	}
	return out
}

func ipText(a *netip.Addr) *string {
	if a == nil {
		return nil
	}
	s := a.String()
	return &s
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
