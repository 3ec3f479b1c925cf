package inbox

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/org"
	"portico/engine/store"
)

// ProviderLabel replaces a staff member's name for customers.
const ProviderLabel = "Portico"

// Person is a user as a viewer may see them: customers see staff only as the
// provider (Masked, no name, e-mail or id of their own).
type Person struct {
	ID       int64
	UUID     uuid.UUID
	Name     string
	Email    string
	UserType string
	UserRole string
	Active   bool
	Masked   bool
}

func person(u *store.User, viewerStaff bool) *Person {
	if u == nil {
		return nil
	}
	p := &Person{ID: u.ID, UUID: u.UUID, Name: u.Name, Email: u.Email, UserType: u.UserType, UserRole: u.UserRole, Active: u.Active}
	if !viewerStaff && u.UserType == string(access.UserTypeStaff) {
		p.UUID, p.Name, p.Email, p.Masked = uuid.Nil, ProviderLabel, "", true
	}
	return p
}

// Task is a thread as one viewer sees it.
type Task struct {
	Thread
	Company     *org.CompanyAccess // the directory's: read only
	Category    store.Category
	Author      *Person
	Responsible *Person

	Read        bool
	UnreadCount int
	// UnreadActivityID is where the viewer's pane opens while the thread is
	// unread (thread_unread_activity, migration 00089); nil when read.
	UnreadActivityID *uuid.UUID
	Mentioned        bool
	// Overdue: open and past its due date. OverdueStatus: overdue, overdue_soon (due within 2 days) or fresh.
	Overdue       bool
	OverdueStatus string

	PermittedTransitions []string
	StatusEditable       bool

	// Workflow is the run's workflow (nil for other threads); WorkflowParameters
	// the run's parameters (the tasks table's dynamic columns). See attachWorkflows.
	Workflow           *WorkflowRef
	WorkflowParameters []WorkflowParameter
	// WorkflowInstanceUUID is the run's public id (the thread's
	// WorkflowInstanceID is its internal one), nil for other threads.
	WorkflowInstanceUUID *uuid.UUID
}

// readState is a viewer's read state of one thread.
type readState struct {
	unread    int
	mentioned bool
	tracked   bool
}

// OverdueSoon is the window in which a due date counts as approaching.
const OverdueSoon = 48 * time.Hour

func (s *Service) view(req org.Request, sc *scope, t Thread, users map[int64]store.User, rs readState) *Task {
	staff := isStaff(req.User)
	cat, _ := sc.category(t.CategoryID)
	v := &Task{Thread: t, Company: sc.CompanyAccess, Category: cat}
	var authorUUID uuid.UUID
	if t.AuthorID != nil {
		if u, ok := users[*t.AuthorID]; ok {
			v.Author = person(&u, staff)
			authorUUID = u.UUID
		}
	}
	if t.ResponsibleID != nil {
		if u, ok := users[*t.ResponsibleID]; ok {
			v.Responsible = person(&u, staff)
		}
	}
	v.UnreadCount, v.Mentioned = rs.unread, rs.mentioned
	v.Read = rs.unread == 0
	now := s.now()
	v.OverdueStatus = "fresh"
	if t.DueDate != nil && openStatus(t.Status) && !t.Hidden {
		switch {
		case t.DueDate.Before(now):
			v.Overdue, v.OverdueStatus = true, "overdue"
		case t.DueDate.Before(now.Add(OverdueSoon)):
			v.OverdueStatus = "overdue_soon"
		}
	}
	if sc.can(access.ActionChangeStatus, t, authorUUID) && !t.Hidden && v.Category.Active {
		v.PermittedTransitions = permitted(t, staff)
	} else {
		v.PermittedTransitions = []string{}
	}
	v.StatusEditable = len(v.PermittedTransitions) > 0
	return v
}

// usersOf loads the users that rows name through id (nil: none), in one query.
func usersOf[T any](ctx context.Context, q *store.Queries, rows []T, id func(T) *int64) (map[int64]store.User, error) {
	ids := make([]int64, 0, len(rows))
	for _, r := range rows {
		if p := id(r); p != nil {
			ids = append(ids, *p)
		}
	}
	return usersByID(ctx, q, ids)
}

// usersByID loads the users with the given ids (one query).
func usersByID(ctx context.Context, q *store.Queries, ids []int64) (map[int64]store.User, error) {
	out := map[int64]store.User{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.UserListByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, u := range rows {
		out[u.ID] = u
	}
	return out, nil
}

func threadUserIDs(ts ...Thread) []int64 {
	seen := map[int64]bool{}
	var ids []int64
	for _, t := range ts {
		for _, p := range []*int64{t.AuthorID, t.ResponsibleID} {
			if p != nil && !seen[*p] {
				seen[*p] = true
				ids = append(ids, *p)
			}
		}
	}
	return ids
}

// TaskQuery asks for one thread (inboxTask). Its `show` argument changes
// nothing: a card's refresh and the pane get the same thread, unreadActivityId
// included (a card's refresh is also how the cache learns a reply arrived).
type TaskQuery struct {
	ID uuid.UUID
	// CompanyID, when set, is the company the thread must belong to; a thread
	// of another company is RECORD_NOT_FOUND.
	CompanyID *uuid.UUID
}

// Task returns one thread as the thread pane shows it.
func (s *Service) Task(ctx context.Context, req org.Request, id uuid.UUID) (*Task, error) {
	return s.FindTask(ctx, req, TaskQuery{ID: id})
}

// FindTask returns one thread for the viewer (inboxTask).
func (s *Service) FindTask(ctx context.Context, req org.Request, tq TaskQuery) (*Task, error) {
	l, err := s.load(ctx, req, tq.ID)
	if err != nil {
		return nil, err
	}
	if tq.CompanyID != nil && *tq.CompanyID != l.sc.Company.UUID {
		return nil, taskNotFound()
	}
	return s.taskView(ctx, s.st.Queries, req, l.sc, l.Thread)
}

// opensAt sets where the pane opens from a row's unread_activity_uuid, while
// the thread is unread.
func (v *Task) opensAt(id *uuid.UUID) {
	if v.UnreadCount > 0 {
		v.UnreadActivityID = id
	}
}

// taskView builds the view of one thread with the viewer's read state and,
// while it is unread, the activity the pane opens at (thread_unread_activity,
// read with the state in one query).
func (s *Service) taskView(ctx context.Context, q *store.Queries, req org.Request, sc *scope, t Thread) (*Task, error) {
	users, err := usersByID(ctx, q, threadUserIDs(t))
	if err != nil {
		return nil, err
	}
	var rs readState
	r, err := q.ThreadReadGet(ctx, store.ThreadReadGetParams{CompanyID: t.CompanyID, ThreadID: t.ID, UserID: req.User.ID})
	if err != nil && !store.IsNotFound(err) {
		return nil, err
	}
	if err == nil {
		rs = readState{unread: int(r.UnreadCount), mentioned: r.Mentioned, tracked: true}
	}
	v := s.view(req, sc, t, users, rs)
	v.opensAt(r.UnreadActivityUuid)
	if err := s.attachWorkflows(ctx, q, []*Task{v}); err != nil {
		return nil, err
	}
	return v, nil
}
