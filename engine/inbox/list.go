package inbox

import (
	"context"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// Folders of the inbox. FolderNone is the tasks table: no folder, statuses
// from the filters.
const (
	FolderNone       = ""
	FolderInbox      = "inbox"
	FolderUnread     = "unread"
	FolderNew        = "new"
	FolderInProgress = "inProgress"
	FolderClosed     = "closed"
	FolderBin        = "bin"
)

// Special values of the responsible and sender filters.
const (
	Anyone = "anyone"
	Nobody = "nobody"
)

// Filters are the spec's Filters entity.
type Filters struct {
	Query           *string
	WorkflowIDs     []uuid.UUID
	ResponsibleIDs  []string // user uuids, Anyone or Nobody
	SenderIDs       []string // user uuids, Anyone (people: inbox tasks) or Nobody (the system: workflow tasks)
	DueDateFrom     *time.Time
	DueDateTo       *time.Time
	Priority        []string
	Urgent          *bool
	Types           []string
	CategoryIDs     []int64
	CompanyIDs      []uuid.UUID
	ParticipantIDs  []uuid.UUID
	WithMessages    *bool
	WithDueDate     *bool
	WithAttachments *bool
	Overdue         bool
	DueTomorrow     bool
	DueToday        bool
	ShowCompleted   *bool
	ShowInProgress  *bool
	ShowNotStarted  *bool
	Status          []string
}

// Selection says which threads: one company, a group, or all companies, a
// folder and tab, and the filters. Lists and "all tasks" bulk changes share it.
type Selection struct {
	CompanyID *uuid.UUID
	// Group: CompanyID is a group (its companies and its mother company), or a
	// company (those of the visible groups it belongs to or is the mother of).
	Group  bool
	Folder string
	// Tabs: assigned_to_me, my_customers (companies the viewer is responsible
	// for) and, for customers, todo (open workflow tasks).
	AssignedMe  bool
	MeCustomers bool
	Todo        bool
	Filters
}

// ListParams is an inboxTasks request.
type ListParams struct {
	Selection
	Limit  int
	LastID *uuid.UUID
	// OrderBy is "<field> <asc|desc>" (the tasks table's column sort, see
	// OrderFields), OrderByDueDate "asc" or "desc" (its secondary order,
	// default asc). Empty: the spec's default order. Ignored while searching.
	OrderBy        string
	OrderByDueDate string
	// DefaultFolder is listed when the selection names no folder: FolderInbox
	// for a request without filters (the inbox sidebar's first view, whatever
	// its page size). Empty: every status the filters allow (the tasks table).
	DefaultFolder string
}

// Stats are the folder counters (inboxStats).
type Stats struct {
	TotalCount, UnreadCount, NewCount, InProgressCount, ClosedCount, DeletedCount int64
}

// CompanyAbility is the viewer's rules in one company of a list.
type CompanyAbility struct {
	Company org.CompanyAccess
}

// List is an inboxTasks answer.
type List struct {
	Collection []*Task
	TotalCount int64
	// CompanyAbilities: the viewer's rules in each company of Collection's
	// threads (once per company), not in every company of the selection.
	CompanyAbilities []*org.CompanyAccess // the directory's: read only
	Stats            Stats
}

// resolved is a selection turned into database terms.
type resolved struct {
	scopes     map[int64]*scope
	companyIDs []int64
	// readable holds each company's categories the viewer reads; categories
	// every category among them. When every company shows the same
	// categories, (company, category) pairs add nothing and are left out
	// (scope() is nil), so the database filters by two plain lists.
	readable   map[int64][]int64
	pairs      []string // made from readable on first use
	categories []int64
	uniform    bool
	statuses   []string
	hidden     bool
	unread     bool
	types      []string
	// simple: nothing but folder, companies, categories and types: the
	// counters answer totalCount.
	simple bool
	// counts: visible threads per status outside the bin, from the counters.
	counts map[string]int64
	p      store.ThreadListParams
}

// readableCategories answers which of a company's categories the viewer may
// read threads in, once per set of rules: an agent's 1000 companies share a
// few (access.Abilities.SameRules), and the answer depends only on the rules,
// the category filter and the bin. The slices it hands out are shared.
type readableCategories struct {
	known []struct {
		abilities access.Abilities
		ids       []int64
	}
}

func (rc *readableCategories) of(c *org.CompanyAccess, filter []int64, hidden bool) []int64 {
	for _, k := range rc.known {
		if k.abilities.SameRules(c.Abilities) {
			return k.ids
		}
	}
	var ids []int64
	for _, k := range c.Abilities.VisibleCategoryIDs() {
		if len(filter) > 0 && !slices.Contains(filter, k) {
			continue
		}
		obj := access.Object{CompanyID: c.Company.UUID, CategoryID: k, Hidden: hidden, Type: access.TaskTypeInbox}
		if c.Abilities.CanOn(access.ActionRead, access.SubjectTask, obj) {
			ids = append(ids, k)
		}
	}
	slices.Sort(ids)
	rc.known = append(rc.known, struct {
		abilities access.Abilities
		ids       []int64
	}{c.Abilities, ids})
	return ids
}

func (s *Service) resolve(ctx context.Context, req org.Request, sel Selection) (*resolved, error) {
	companies, err := s.dir.Companies(ctx, req.User, req.AdminPanel)
	if err != nil {
		return nil, err
	}
	keep := map[uuid.UUID]bool{}
	switch {
	case sel.CompanyID != nil && sel.Group:
		if keep, err = s.dir.GroupView(ctx, req.User, companies, *sel.CompanyID); err != nil {
			return nil, err
		}
	case sel.CompanyID != nil:
		found := false
		for _, c := range companies {
			found = found || c.Company.UUID == *sel.CompanyID
		}
		if !found {
			return nil, apperr.NotFound("company")
		}
		keep[*sel.CompanyID] = true
	}
	r := &resolved{scopes: make(map[int64]*scope, len(companies)), readable: make(map[int64][]int64, len(companies)), simple: true}
	var readable readableCategories
	f := sel.Filters
	hidden := sel.Folder == FolderBin
	block := make([]scope, 0, len(companies)) // one allocation for every scope; never grows, so &block[i] stays
	for i := range companies {
		c := &companies[i]
		if len(keep) > 0 && !keep[c.Company.UUID] {
			continue
		}
		if len(f.CompanyIDs) > 0 && !slices.Contains(f.CompanyIDs, c.Company.UUID) {
			continue
		}
		if sel.MeCustomers && !c.Membership.Responsible {
			continue
		}
		mine := readable.of(c, f.CategoryIDs, hidden)
		if len(mine) > 0 {
			block = append(block, scope{CompanyAccess: c})
			sc := &block[len(block)-1]
			if len(r.companyIDs) == 0 {
				r.categories, r.uniform = slices.Clone(mine), true
			} else if !slices.Equal(mine, r.categories) {
				r.uniform = false
				for _, k := range mine {
					if !slices.Contains(r.categories, k) {
						r.categories = append(r.categories, k)
					}
				}
			}
			r.scopes[c.Company.ID] = sc
			r.readable[c.Company.ID] = mine
			r.companyIDs = append(r.companyIDs, c.Company.ID)
		}
	}

	r.types = []string{access.TaskTypeInbox, access.TaskTypeWorkflow}
	if len(f.Types) > 0 {
		r.types = nil
		for _, t := range f.Types {
			if t != access.TaskTypeInbox && t != access.TaskTypeWorkflow {
				return nil, apperr.Argument("invalid_type")
			}
			r.types = append(r.types, t)
		}
	}
	r.hidden = hidden
	switch sel.Folder {
	case FolderInbox:
		r.statuses = []string{StatusCreated, StatusInProgress}
	case FolderUnread:
		r.statuses, r.unread = []string{StatusCreated, StatusInProgress}, true
	case FolderNew:
		r.statuses = []string{StatusCreated}
	case FolderInProgress:
		r.statuses = []string{StatusInProgress}
	case FolderClosed:
		r.statuses = []string{StatusClosed}
	case FolderBin:
		r.statuses = slices.Clone(Statuses)
	case FolderNone:
		st, err := statusFilter(f)
		if err != nil {
			return nil, err
		}
		r.statuses = st
	default:
		return nil, apperr.Argument("invalid_folder")
	}
	if sel.Folder != FolderNone && len(f.Status) > 0 {
		st, err := statusFilter(Filters{Status: f.Status})
		if err != nil {
			return nil, err
		}
		r.statuses = intersect(r.statuses, st)
		r.simple = false
	}

	now := s.now()
	p := store.ThreadListParams{UserID: req.User.ID, CompanyIds: r.companyIDs, Scope: r.scope(), CategoryIds: r.categories, Hidden: r.hidden,
		Statuses: r.statuses, TaskTypes: r.types, UnreadOnly: r.unread, Now: now,
		Urgent: f.Urgent, WithMessages: f.WithMessages, WithAttachments: f.WithAttachments, WithDueDate: f.WithDueDate,
		DueFrom: f.DueDateFrom, DueTo: f.DueDateTo, OverdueOnly: f.Overdue}
	if f.Query != nil && strings.TrimSpace(*f.Query) != "" {
		q := strings.TrimSpace(*f.Query)
		p.Query = &q
	}
	if len(f.Priority) > 0 {
		for _, pr := range f.Priority {
			if !validPriority(pr) {
				return nil, apperr.Argument("invalid_priority")
			}
		}
		p.Priorities = f.Priority
	}
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	if f.DueToday {
		p.DueFrom, p.DueTo = later(p.DueFrom, day), earlier(p.DueTo, day.AddDate(0, 0, 1))
	}
	if f.DueTomorrow {
		p.DueFrom, p.DueTo = later(p.DueFrom, day.AddDate(0, 0, 1)), earlier(p.DueTo, day.AddDate(0, 0, 2))
	}
	if sel.AssignedMe {
		p.ResponsibleIds = []int64{req.User.ID}
	}
	if sel.Todo {
		r.types = intersect(r.types, []string{access.TaskTypeWorkflow})
		r.statuses = intersect(r.statuses, []string{StatusCreated, StatusInProgress})
		p.TaskTypes, p.Statuses = r.types, r.statuses
		r.simple = false
	}
	if err := s.resolvePeople(ctx, req, f, &p, r); err != nil {
		return nil, err
	}
	if len(f.WorkflowIDs) > 0 {
		ids, err := s.st.WorkflowIDsByUUIDs(ctx, f.WorkflowIDs)
		if err != nil {
			return nil, err
		}
		p.WorkflowIds = append([]int64{-1}, ids...)
	}
	if p.Query != nil || p.Priorities != nil || p.Urgent != nil || p.WithMessages != nil || p.WithAttachments != nil ||
		p.WithDueDate != nil || p.DueFrom != nil || p.DueTo != nil || p.OverdueOnly || p.ResponsibleIds != nil ||
		p.ResponsibleNobody || p.AuthorIds != nil || p.ParticipantIds != nil || p.WorkflowIds != nil {
		r.simple = false
	}
	p.TaskTypes = r.types
	r.p = p
	return r, nil
}

// resolvePeople maps the responsible, sender and participant filters to user ids.
func (s *Service) resolvePeople(ctx context.Context, req org.Request, f Filters, p *store.ThreadListParams, r *resolved) error {
	var wanted []uuid.UUID
	for _, list := range [][]string{f.ResponsibleIDs, f.SenderIDs} {
		for _, v := range list {
			if v == Anyone || v == Nobody {
				continue
			}
			id, err := uuid.Parse(v)
			if err != nil {
				return apperr.NotFound("user")
			}
			wanted = append(wanted, id)
		}
	}
	wanted = append(wanted, f.ParticipantIDs...)
	byUUID := map[uuid.UUID]int64{}
	if len(wanted) > 0 {
		users, err := s.st.UserListByUUIDs(ctx, wanted)
		if err != nil {
			return err
		}
		for _, u := range users {
			byUUID[u.UUID] = u.ID
		}
	}
	ids := func(list []string) (out []int64, anyone, nobody bool) {
		for _, v := range list {
			switch v {
			case Anyone:
				anyone = true
			case Nobody:
				nobody = true
			default:
				id, _ := uuid.Parse(v)
				out = append(out, byUUID[id]) // unknown users match nobody (id 0)
			}
		}
		return out, anyone, nobody
	}
	if len(f.ResponsibleIDs) > 0 {
		list, anyone, nobody := ids(f.ResponsibleIDs)
		if !anyone {
			p.ResponsibleIds = append(p.ResponsibleIds, list...)
			if p.ResponsibleIds == nil {
				p.ResponsibleIds = []int64{}
			}
			p.ResponsibleNobody = nobody
		}
	}
	if len(f.SenderIDs) > 0 {
		list, anyone, nobody := ids(f.SenderIDs)
		switch {
		case anyone && !nobody:
			r.types = intersect(r.types, []string{access.TaskTypeInbox})
		case nobody && !anyone:
			r.types = intersect(r.types, []string{access.TaskTypeWorkflow})
		}
		if len(list) > 0 {
			p.AuthorIds = list
		}
		r.simple = false
	}
	if len(f.ParticipantIDs) > 0 {
		p.ParticipantIds = []int64{0}
		for _, u := range f.ParticipantIDs {
			p.ParticipantIds = append(p.ParticipantIds, byUUID[u])
		}
	}
	return nil
}

// statusFilter: explicit statuses, or the show* flags (default: in progress and not started).
func statusFilter(f Filters) ([]string, error) {
	if len(f.Status) > 0 {
		var out []string
		for _, s := range f.Status {
			switch s {
			case "open":
				out = append(out, StatusCreated, StatusInProgress)
			case "completed":
				out = append(out, StatusClosed, StatusCancelled, StatusSkipped, StatusFailed)
			default:
				if !validStatus(s) {
					return nil, apperr.Argument("invalid_status")
				}
				out = append(out, normalStatus(s))
			}
		}
		return out, nil
	}
	completed, inProgress, notStarted := false, true, true
	if f.ShowCompleted != nil {
		completed = *f.ShowCompleted
	}
	if f.ShowInProgress != nil {
		inProgress = *f.ShowInProgress
	}
	if f.ShowNotStarted != nil {
		notStarted = *f.ShowNotStarted
	}
	out := []string{}
	if notStarted {
		out = append(out, StatusCreated)
	}
	if inProgress {
		out = append(out, StatusInProgress)
	}
	if completed {
		out = append(out, StatusClosed, StatusCancelled, StatusSkipped, StatusFailed)
	}
	return out, nil
}

// scope is the pair filter, or nil when the company and category lists say it all.
func (r *resolved) scope() []string {
	if r.uniform {
		return nil
	}
	if r.pairs == nil {
		r.pairs = []string{}
		for _, company := range r.companyIDs {
			for _, k := range r.readable[company] {
				r.pairs = append(r.pairs, pairKey(company, k))
			}
		}
	}
	return r.pairs
}

func pairKey(company, category int64) string {
	return strconv.FormatInt(company, 10) + ":" + strconv.FormatInt(category, 10)
}

func intersect(a, b []string) []string {
	out := []string{}
	for _, x := range a {
		if slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

func later(a *time.Time, b time.Time) *time.Time {
	if a != nil && a.After(b) {
		return a
	}
	return &b
}

func earlier(a *time.Time, b time.Time) *time.Time {
	if a != nil && a.Before(b) {
		return a
	}
	return &b
}

// Tasks is inboxTasks: one keyset page in the spec's order, the total, the
// viewer's abilities in the companies of the page's threads and the folder
// counters.
func (s *Service) Tasks(ctx context.Context, req org.Request, lp ListParams) (*List, error) {
	ord, err := parseOrder(lp.OrderBy, lp.OrderByDueDate)
	if err != nil {
		return nil, err
	}
	if lp.Folder == FolderNone {
		lp.Folder = lp.DefaultFolder
	}
	r, err := s.resolve(ctx, req, lp.Selection)
	if err != nil {
		return nil, err
	}
	if r.p.Query != nil {
		ord = nil // no sorting while searching
	}
	out := &List{Collection: []*Task{}, CompanyAbilities: []*org.CompanyAccess{}}
	limit := lp.Limit
	if limit <= 0 {
		limit = 10
	}
	limit = min(limit, 200)
	if len(r.companyIDs) == 0 {
		return out, nil
	}
	stats, err := s.stats(ctx, req, r)
	if err != nil {
		return nil, err
	}
	out.Stats = stats

	var cursor *store.ThreadGetByUUIDRow
	if lp.LastID != nil {
		c, err := s.st.ThreadGetByUUID(ctx, *lp.LastID)
		if err != nil || r.scopes[c.CompanyID] == nil {
			return nil, taskNotFound()
		}
		cursor = &c
	}
	var rows []store.ThreadListRow
	if ord != nil {
		rows, err = s.orderedPage(ctx, req, r.p, ord, cursor, limit)
	} else {
		rows, err = s.defaultPage(ctx, r.p, lp.Folder, cursor, limit)
	}
	if err != nil {
		return nil, err
	}
	users := make(map[int64]store.User, 2) // the row's author and responsible: one map for every row (view keeps nothing of it)
	for _, row := range rows {
		t := fromListRow(row)
		clear(users)
		if row.AuthorID != nil && row.AuthorUuid != nil {
			users[*row.AuthorID] = store.User{ID: *row.AuthorID, UUID: *row.AuthorUuid, Name: deref(row.AuthorName),
				Email: deref(row.AuthorEmail), UserType: deref(row.AuthorUserType), UserRole: deref(row.AuthorUserRole),
				Active: deref(row.AuthorActive)}
		}
		if row.ResponsibleID != nil && row.ResponsibleUuid != nil {
			users[*row.ResponsibleID] = store.User{ID: *row.ResponsibleID, UUID: *row.ResponsibleUuid,
				Name: deref(row.ResponsibleName), Email: deref(row.ResponsibleEmail), UserType: deref(row.ResponsibleUserType),
				UserRole: deref(row.ResponsibleUserRole), Active: deref(row.ResponsibleActive)}
		}
		v := s.view(req, r.scopes[row.CompanyID], t, users, readState{unread: int(row.UnreadCount), mentioned: row.Mentioned})
		v.opensAt(row.UnreadActivityUuid)
		out.Collection = append(out.Collection, v)
	}
	out.CompanyAbilities = pageAbilities(r, rows)
	if err := s.attachWorkflows(ctx, s.st.Queries, out.Collection); err != nil {
		return nil, err
	}
	if r.simple {
		out.TotalCount = folderCount(stats, lp.Folder, r.statuses, r.counts)
	} else {
		n, err := s.plan.ThreadCount(ctx, store.ThreadCountParams(countParams(r.p)))
		if err != nil {
			return nil, err
		}
		out.TotalCount = n
	}
	return out, nil
}

// pageAbilities is the viewer's rules in each company of the page's threads,
// once per company in the order of first appearance: an agent of a thousand
// companies gets the rules of the few the page shows, not of all of them (the
// web app joins the pages it loaded, and takes a company's rules from
// init.json for threads it has not loaded).
func pageAbilities(r *resolved, rows []store.ThreadListRow) []*org.CompanyAccess {
	out := []*org.CompanyAccess{}
	seen := make(map[int64]bool, len(rows))
	for _, row := range rows {
		if seen[row.CompanyID] {
			continue
		}
		seen[row.CompanyID] = true
		out = append(out, r.scopes[row.CompanyID].CompanyAccess)
	}
	return out
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func countParams(p store.ThreadListParams) store.ThreadCountParams {
	return store.ThreadCountParams{UserID: p.UserID, CompanyIds: p.CompanyIds, Scope: p.Scope, CategoryIds: p.CategoryIds, Hidden: p.Hidden,
		Statuses: p.Statuses, TaskTypes: p.TaskTypes, UnreadOnly: p.UnreadOnly, ResponsibleIds: p.ResponsibleIds,
		ResponsibleNobody: p.ResponsibleNobody, AuthorIds: p.AuthorIds, Priorities: p.Priorities, Urgent: p.Urgent,
		DueFrom: p.DueFrom, DueTo: p.DueTo, WithDueDate: p.WithDueDate, OverdueOnly: p.OverdueOnly, Now: p.Now,
		WithMessages: p.WithMessages, WithAttachments: p.WithAttachments, ParticipantIds: p.ParticipantIds,
		WorkflowIds: p.WorkflowIds, Query: p.Query}
}

// folderCount answers totalCount from the counters.
func folderCount(st Stats, folder string, statuses []string, counts map[string]int64) int64 {
	switch folder {
	case FolderInbox:
		return st.TotalCount
	case FolderUnread:
		return st.UnreadCount
	case FolderNew:
		return st.NewCount
	case FolderInProgress:
		return st.InProgressCount
	case FolderClosed:
		return st.ClosedCount
	case FolderBin:
		return st.DeletedCount
	}
	var n int64
	for _, s := range statuses {
		n += counts[s]
	}
	return n
}

// defaultPage is one page in the spec's default order: in open folders
// overdue threads first (due date ascending), then the rest by activity time
// descending; closed and bin by activity time alone.
func (s *Service) defaultPage(ctx context.Context, p store.ThreadListParams, folder string, cursor *store.ThreadGetByUUIDRow, limit int) ([]store.ThreadListRow, error) {
	p.Lim = int32(limit)
	p.OverdueFirst = folder != FolderClosed && folder != FolderBin
	if c := cursor; c != nil {
		p.CursorSet, p.CursorID, p.CursorActivity = true, c.ID, c.ActivityAt
		if p.OverdueFirst && c.DueDate != nil && c.DueDate.Before(p.Now) && openStatus(c.Status) {
			p.CursorOverdue, p.CursorDue = true, *c.DueDate
		}
	}
	rows, err := s.plan.ThreadList(ctx, p)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.OverduePart != b.OverduePart {
			return a.OverduePart
		}
		if a.OverduePart {
			if !a.DueDate.Equal(*b.DueDate) {
				return a.DueDate.Before(*b.DueDate)
			}
			return a.ID < b.ID
		}
		if !a.ActivityAt.Equal(b.ActivityAt) {
			return a.ActivityAt.After(b.ActivityAt)
		}
		return a.ID > b.ID
	})
	if len(rows) > limit {
		rows = rows[:limit]
	}
	return rows, nil
}
