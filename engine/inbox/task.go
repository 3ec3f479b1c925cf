package inbox

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store"
)

// Priorities, from the highest.
var Priorities = []string{"very_high", "high", "medium", "low"}

func validPriority(p string) bool { return slices.Contains(Priorities, p) }

// CreateTaskParams is createTask.
type CreateTaskParams struct {
	CompanyID   uuid.UUID
	CategoryID  int64
	Title       string
	Description string
	Urgent      bool
	Files       []Upload
}

// writableCategory checks that the viewer may create in the category: the
// category must be visible (else RECORD_NOT_FOUND) and active (else
// ARGUMENT_ERROR category_is_inactive).
func writableCategory(sc *scope, categoryID int64, action, subject string) error {
	cat, ok := sc.category(categoryID)
	if !ok || !slices.Contains(sc.Abilities.VisibleCategoryIDs(), categoryID) {
		return apperr.NotFound("category")
	}
	if !cat.Active {
		return apperr.Argument("category_is_inactive")
	}
	if !sc.Abilities.CanOn(action, subject, access.Object{CompanyID: sc.Company.UUID, CategoryID: categoryID, Type: access.TaskTypeInbox}) {
		return apperr.Denied("")
	}
	return nil
}

// CreateTask opens a new thread (inbox_task) with its first activity, and
// attaches the files.
func (s *Service) CreateTask(ctx context.Context, req org.Request, p CreateTaskParams) (*Task, error) {
	sc, err := s.companyScope(ctx, req, p.CompanyID)
	if err != nil {
		return nil, err
	}
	if err := writableCategory(sc, p.CategoryID, access.ActionCreate, access.SubjectTask); err != nil {
		return nil, err
	}
	title := strings.TrimSpace(p.Title)
	if title == "" {
		return nil, apperr.Invalid("title", "required")
	}
	if len([]rune(title)) > 255 {
		return nil, apperr.Invalid("title", "too_long")
	}
	body, err := Sanitize("description", p.Description)
	if err != nil {
		return nil, err
	}
	stored, err := s.putUploads(ctx, sc.Company.ID, p.Files)
	if err != nil {
		return nil, err
	}
	var t Thread
	err = s.write(ctx, func(tx *tx) error {
		var err error
		t, err = s.newThread(ctx, tx, sc, req, newThread{categoryID: p.CategoryID, title: title, body: body,
			urgent: p.Urgent, files: stored})
		if err != nil {
			return err
		}
		return logEvent(ctx, tx.q, req, t.CompanyID, "task_created", map[string]any{"taskId": t.UUID, "title": t.Title})
	})
	if err != nil {
		s.dropUploads(ctx, stored)
		return nil, err
	}
	return s.taskView(ctx, s.st.Queries, req, sc, t)
}

// newThread is an inbox thread being opened by req.User.
type newThread struct {
	categoryID int64
	title      string
	body       Body
	urgent     bool
	files      []stored
	// args are the first activity's (nil: none).
	args json.RawMessage
}

// newThread writes a new inbox thread in the transaction: the row, folder
// counters, its first activity, unread marks for the others (mentions too),
// read for the author, its files, and inbox_thread.create to its audience.
func (s *Service) newThread(ctx context.Context, tx *tx, sc *scope, req org.Request, n newThread) (Thread, error) {
	var desc *string
	if !n.body.Empty() {
		desc = &n.body.HTML
	}
	row, err := tx.q.ThreadCreate(ctx, store.ThreadCreateParams{CompanyID: sc.Company.ID, CategoryID: n.categoryID,
		TaskType: access.TaskTypeInbox, Title: n.title, Description: desc, Status: StatusCreated, Priority: "medium",
		Urgent: n.urgent, AuthorID: &req.User.ID, ExternalActions: []byte("[]")})
	if err != nil {
		return Thread{}, err
	}
	t := Thread(row)
	if err := countNew(ctx, tx.q, t); err != nil {
		return t, err
	}
	aud, err := audienceOf(ctx, tx.q, sc, t.CategoryID)
	if err != nil {
		return t, err
	}
	act, err := s.addActivity(ctx, tx, t, req.User.ID, "inbox_task.create", n.args)
	if err != nil {
		return t, err
	}
	mentioned := mentionIDs(aud, n.body.Mentions)
	if err := bumpUnread(ctx, tx.q, t, act.ID, aud.others(req.User.ID), mentioned); err != nil {
		return t, err
	}
	if aud.trackOK[req.User.ID] {
		if _, err := markRead(ctx, tx.q, t, req.User.ID, act.ID); err != nil {
			return t, err
		}
	}
	for _, f := range n.files {
		if _, err := s.insertAttachment(ctx, tx, t, req, f, aud, false); err != nil {
			return t, err
		}
	}
	tx.emit(aud.all, "inbox_thread.create", taskData(sc, t))
	return t, nil
}

// Mail triggers (spec 002 §9) the inbox names in its events' mail part
// (notify.Mail.Trigger), for the mail tap.
const (
	MailStatusChanged       = "threadStatusChanged"
	MailFileUploaded        = "newFileUploaded"
	MailDueDateChanged      = "threadDueDateChanged"
	MailAssignmentChanged   = "assignmentChanged"
	MailReactionToMyMessage = "newReactionToMyMessage"
)

func taskData(sc *scope, t Thread) map[string]any {
	return map[string]any{"uuid": t.UUID, "companyId": sc.Company.UUID}
}

// addActivity appends an activity to the thread's stream and moves its activity time.
func (s *Service) addActivity(ctx context.Context, tx *tx, t Thread, userID int64, key string, args json.RawMessage) (store.Activity, error) {
	var uid *int64
	if userID != 0 {
		uid = &userID
	}
	a, err := tx.q.ActivityCreate(ctx, store.ActivityCreateParams{CompanyID: t.CompanyID, ThreadID: t.ID, Key: key,
		UserID: uid, AdditionArgs: orNoArgs(args)})
	if err != nil {
		return a, fmt.Errorf("inbox: activity: %w", err)
	}
	if err := tx.q.ThreadTouch(ctx, store.ThreadTouchParams{CompanyID: t.CompanyID, ID: t.ID, ActivityAt: a.ActionAt}); err != nil {
		return a, err
	}
	return a, nil
}

// mutation is one change of one thread's fields.
type mutation struct {
	action string // the ability needed
	event  string // events-log name
	key    string // realtime key
	// apply changes next (a copy of the locked row) or refuses with a catalogue error.
	apply func(cur Thread, next *Thread) error
	// activities, when set, are appended to the stream (status changes, bin).
	activities func(cur, next Thread) []streamEntry
	// logData adds to the events-log entry.
	logData func(next Thread) map[string]any
	// engine: the workflow engine's own change (its run is not told of it).
	engine bool
	// mail, when set, names the change for the mail tap (a change with no
	// activity of its own: see mailChange); nil mails nothing.
	mail func(req org.Request, aud *audience, cur, next Thread) *notify.Mail
}

// mailChange is the mail part of an event that tells the mail tap of a
// change without an activity: its trigger, a key of its own, who made it, and
// who hears (nil: the event's audience).
func mailChange(trigger, key string, actor uuid.UUID, readers []uuid.UUID) *notify.Mail {
	return &notify.Mail{Trigger: trigger, Change: key, Actor: actor, Readers: readers}
}

// mutate runs one single-thread mutation: access, lock, change, counters,
// activity, events log, realtime.
func (s *Service) mutate(ctx context.Context, req org.Request, id uuid.UUID, m mutation) (*Task, error) {
	l, err := s.load(ctx, req, id)
	if err != nil {
		return nil, err
	}
	if !l.can(m.action) {
		return nil, apperr.Denied("")
	}
	var next Thread
	err = s.write(ctx, func(tx *tx) error {
		var err error
		next, err = s.applyLocked(ctx, tx, req, l.sc, l.Thread.CompanyID, l.Thread.ID, m)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.taskView(ctx, s.st.Queries, req, l.sc, next)
}

// applyLocked applies m to one thread inside the transaction.
func (s *Service) applyLocked(ctx context.Context, tx *tx, req org.Request, sc *scope, companyID, threadID int64, m mutation) (Thread, error) {
	row, err := tx.q.ThreadLock(ctx, store.ThreadLockParams{CompanyID: companyID, ID: threadID})
	if err != nil {
		return Thread{}, err
	}
	cur := Thread(row)
	next := cur
	if err := m.apply(cur, &next); err != nil {
		return Thread{}, err
	}
	if err := tx.q.ThreadUpdate(ctx, updateParams(next)); err != nil {
		return Thread{}, err
	}
	if err := countMove(ctx, tx.q, cur, next); err != nil {
		return Thread{}, err
	}
	if !m.engine {
		tx.statusChanged(cur, next)
	}
	payload := taskData(sc, next)
	var mail *notify.Mail
	if m.activities != nil {
		for _, e := range m.activities(cur, next) {
			act, err := s.addActivity(ctx, tx, next, req.User.ID, e.key, e.args)
			if err != nil {
				return Thread{}, err
			}
			if cur.Status != next.Status {
				// the mail hears of the status change (threadStatusChanged) by its activity
				mail = &notify.Mail{Trigger: MailStatusChanged, Activity: act.UUID}
			}
		}
	}
	aud, err := audienceOf(ctx, tx.q, sc, next.CategoryID)
	if err != nil {
		return Thread{}, err
	}
	if m.mail != nil {
		if change := m.mail(req, aud, cur, next); change != nil {
			mail = change
		}
	}
	tx.emitMail(aud.all, m.key, payload, mail)
	data := map[string]any{"taskId": next.UUID}
	if m.logData != nil {
		for k, v := range m.logData(next) {
			data[k] = v
		}
	}
	return next, logEvent(ctx, tx.q, req, next.CompanyID, m.event, data)
}

func updateParams(t Thread) store.ThreadUpdateParams {
	return store.ThreadUpdateParams{CompanyID: t.CompanyID, ID: t.ID, Status: t.Status, Priority: t.Priority,
		Urgent: t.Urgent, DueDate: t.DueDate, CompletionDate: t.CompletionDate, ResponsibleID: t.ResponsibleID,
		Hidden: t.Hidden, HiddenAt: t.HiddenAt, HiddenBy: t.HiddenBy, ActivityAt: t.ActivityAt}
}

// statusMutation changes the status through the machine.
func (s *Service) statusMutation(req org.Request, status string) (mutation, error) {
	if !validStatus(status) {
		return mutation{}, apperr.Argument("invalid_status")
	}
	to := normalStatus(status)
	staff := isStaff(req.User)
	now := s.now()
	return mutation{action: access.ActionChangeStatus, event: "status_changed", key: "inbox_thread.update",
		apply: func(cur Thread, next *Thread) error {
			if cur.Hidden {
				return apperr.Argument("thread_is_hidden")
			}
			if cur.Status == to {
				return nil
			}
			if !allowed(cur, to, staff, false) {
				return apperr.Transition(eventTo(to), cur.Status)
			}
			next.Status = to
			if finished(to) && next.CompletionDate == nil {
				next.CompletionDate = &now
			}
			if !finished(to) {
				next.CompletionDate = nil
			}
			return nil
		},
		activities: statusEntries,
		logData:    func(next Thread) map[string]any { return map[string]any{"status": next.Status} },
	}, nil
}

// streamEntry is one activity a mutation appends to the thread's stream,
// with its args (JSON; nil for none).
type streamEntry struct {
	key  string
	args json.RawMessage
}

// statusEntries is the status-change activity, when the status changed. The
// args are written directly (statuses are plain words): a bulk change of a
// thousand threads makes a thousand of them.
func statusEntries(cur, next Thread) []streamEntry {
	if cur.Status == next.Status {
		return nil
	}
	return []streamEntry{{key: "status_change_from_" + cur.Status + "_to_" + next.Status,
		args: json.RawMessage(`{"fromState":"` + cur.Status + `","toState":"` + next.Status + `"}`)}}
}

// ChangeStatus is changeTaskStatus.
func (s *Service) ChangeStatus(ctx context.Context, req org.Request, id uuid.UUID, status string) (*Task, error) {
	m, err := s.statusMutation(req, status)
	if err != nil {
		return nil, err
	}
	return s.mutate(ctx, req, id, m)
}

func openOnly(cur Thread, key string) error {
	if cur.Hidden {
		return apperr.Argument("thread_is_hidden")
	}
	if finished(cur.Status) {
		return apperr.Argument(key)
	}
	return nil
}

func priorityMutation(priority string) (mutation, error) {
	if !validPriority(priority) {
		return mutation{}, apperr.Argument("invalid_priority")
	}
	return mutation{action: access.ActionChangePriority, event: "priority_changed", key: "inbox_thread.change_priority",
		apply: func(cur Thread, next *Thread) error {
			if err := openOnly(cur, "cannot_change_priority_in_closed_thread"); err != nil {
				return err
			}
			next.Priority = priority
			return nil
		},
		logData: func(next Thread) map[string]any { return map[string]any{"priority": next.Priority} },
	}, nil
}

// ChangePriority is changeTaskPriority.
func (s *Service) ChangePriority(ctx context.Context, req org.Request, id uuid.UUID, priority string) (*Task, error) {
	m, err := priorityMutation(priority)
	if err != nil {
		return nil, err
	}
	return s.mutate(ctx, req, id, m)
}

// ChangeUrgent is changeTaskUrgent.
func (s *Service) ChangeUrgent(ctx context.Context, req org.Request, id uuid.UUID, urgent bool) (*Task, error) {
	return s.mutate(ctx, req, id, mutation{action: access.ActionChangeUrgent, event: "urgent_changed", key: "inbox_thread.update",
		apply: func(cur Thread, next *Thread) error {
			if cur.Hidden {
				return apperr.Argument("thread_is_hidden")
			}
			next.Urgent = urgent
			return nil
		},
		logData: func(next Thread) map[string]any { return map[string]any{"urgent": next.Urgent} },
	})
}

func (s *Service) dueDateMutation(due *time.Time, bulk bool) (mutation, error) {
	if bulk && (due == nil || !due.After(s.now())) {
		return mutation{}, apperr.Argument("invalid_due_date")
	}
	return mutation{action: access.ActionChangeDueDate, event: "due_date_changed", key: "inbox_thread.change_due_date",
		apply: func(cur Thread, next *Thread) error {
			if err := openOnly(cur, "cannot_change_due_date_in_closed_thread"); err != nil {
				return err
			}
			next.DueDate = due
			return nil
		},
		logData: func(next Thread) map[string]any { return map[string]any{"dueDate": next.DueDate} },
		mail: func(req org.Request, _ *audience, cur, next Thread) *notify.Mail {
			if sameTime(cur.DueDate, next.DueDate) {
				return nil
			}
			return mailChange(MailDueDateChanged, fmt.Sprintf("due-%d", s.now().UnixNano()), req.User.UUID, nil)
		},
	}, nil
}

// ChangeDueDate is changeTaskDueDate; nil removes the due date.
func (s *Service) ChangeDueDate(ctx context.Context, req org.Request, id uuid.UUID, due *time.Time) (*Task, error) {
	m, err := s.dueDateMutation(due, false)
	if err != nil {
		return nil, err
	}
	return s.mutate(ctx, req, id, m)
}

func completionMutation(date *time.Time) (mutation, error) {
	if date == nil {
		return mutation{}, apperr.Argument("invalid_completion_date")
	}
	return mutation{action: access.ActionChangeCompletionDate, event: "completion_date_changed", key: "inbox_thread.update",
		apply: func(cur Thread, next *Thread) error {
			if cur.Hidden {
				return apperr.Argument("thread_is_hidden")
			}
			next.CompletionDate = date
			return nil
		},
		logData: func(next Thread) map[string]any { return map[string]any{"completionDate": next.CompletionDate} },
	}, nil
}

// ChangeCompletionDate is changeTaskCompletionDate.
func (s *Service) ChangeCompletionDate(ctx context.Context, req org.Request, id uuid.UUID, date *time.Time) (*Task, error) {
	m, err := completionMutation(date)
	if err != nil {
		return nil, err
	}
	return s.mutate(ctx, req, id, m)
}

// assignee finds the staff user to assign: an active provider user who may
// read the thread's category in its company.
func (s *Service) assignee(ctx context.Context, userID *uuid.UUID, nobody bool) (*store.User, error) {
	if nobody {
		return nil, nil
	}
	if userID == nil {
		return nil, apperr.Argument("either_user_id_or_nobody_must_be_present")
	}
	u, err := s.st.UserGetByUUID(ctx, *userID)
	if store.IsNotFound(err) {
		return nil, apperr.NotFound("user")
	} else if err != nil {
		return nil, err
	}
	if !u.Active || u.UserType != string(access.UserTypeStaff) {
		return nil, apperr.Argument("assignee_must_be_active_staff")
	}
	return &u, nil
}

func assignMutation(sc *scope, u *store.User, aud func(categoryID int64) bool) mutation {
	return mutation{action: access.ActionAssign, event: "assigned", key: "inbox_thread.update",
		apply: func(cur Thread, next *Thread) error {
			if err := openOnly(cur, "cannot_assign_closed_thread"); err != nil {
				return err
			}
			if u == nil {
				next.ResponsibleID = nil
				return nil
			}
			if aud != nil && !aud(cur.CategoryID) {
				return apperr.Argument("assignee_cannot_see_thread")
			}
			next.ResponsibleID = &u.ID
			return nil
		},
		logData: func(next Thread) map[string]any { return map[string]any{"responsibleId": next.ResponsibleID} },
		mail: func(req org.Request, aud *audience, cur, next Thread) *notify.Mail {
			if next.ResponsibleID == nil || cur.ResponsibleID != nil && *cur.ResponsibleID == *next.ResponsibleID ||
				*next.ResponsibleID == req.User.ID {
				return nil
			}
			assignee, ok := aud.byID[*next.ResponsibleID]
			if !ok {
				return nil
			}
			return mailChange(MailAssignmentChanged, fmt.Sprintf("assign-%d-%d", *next.ResponsibleID, time.Now().UnixNano()),
				req.User.UUID, []uuid.UUID{assignee})
		},
	}
}

func sameTime(a, b *time.Time) bool {
	return a == nil && b == nil || a != nil && b != nil && a.Equal(*b)
}

// AssignTo is assignTaskTo: a staff user, or nobody.
func (s *Service) AssignTo(ctx context.Context, req org.Request, id uuid.UUID, userID *uuid.UUID, nobody bool) (*Task, error) {
	u, err := s.assignee(ctx, userID, nobody)
	if err != nil {
		return nil, err
	}
	l, err := s.load(ctx, req, id)
	if err != nil {
		return nil, err
	}
	var sees func(int64) bool
	if u != nil {
		sees = func(categoryID int64) bool {
			a, err := audienceOf(ctx, s.st.Queries, l.sc, categoryID)
			return err == nil && a.byID[u.ID] != uuid.Nil
		}
	}
	return s.mutate(ctx, req, id, assignMutation(l.sc, u, sees))
}

// Delete moves a thread to the bin (deleteTask). An open workflow task is
// cancelled as it goes to the bin: its run hears of it (TaskEvents) as of any
// status change, and the step fails (task_cancelled) until the run is retried
// or cancelled, instead of waiting for a task nobody sees.
func (s *Service) Delete(ctx context.Context, req org.Request, id uuid.UUID) (*Task, error) {
	now := s.now()
	return s.mutate(ctx, req, id, mutation{action: access.ActionDestroy, event: "task_deleted", key: "inbox_thread.destroy",
		apply: func(cur Thread, next *Thread) error {
			if cur.Hidden {
				return apperr.Argument("thread_is_hidden")
			}
			next.Hidden, next.HiddenAt, next.HiddenBy = true, &now, &req.User.ID
			if cur.TaskType == access.TaskTypeWorkflow && openStatus(cur.Status) {
				cancelTask(next, now)
			}
			return nil
		},
		activities: func(cur, next Thread) []streamEntry {
			return append(statusEntries(cur, next), streamEntry{key: "inbox_task.destroy"})
		},
		logData: func(next Thread) map[string]any {
			if next.TaskType != access.TaskTypeWorkflow {
				return nil
			}
			return map[string]any{"status": next.Status}
		},
	})
}

// Restore takes a thread out of the bin (restoreTask). Its status stays as it
// is: a workflow task that hiding cancelled comes back cancelled, and its run
// (told of the cancel) is told nothing more; a staff reopen tells it again,
// and a retry of the run then takes the reopened task back.
func (s *Service) Restore(ctx context.Context, req org.Request, id uuid.UUID) (*Task, error) {
	return s.mutate(ctx, req, id, mutation{action: access.ActionRestore, event: "task_restored", key: "inbox_thread.restore",
		apply: func(cur Thread, next *Thread) error {
			if !cur.Hidden {
				return apperr.Argument("thread_is_not_hidden")
			}
			next.Hidden, next.HiddenAt, next.HiddenBy = false, nil, nil
			return nil
		},
		activities: func(Thread, Thread) []streamEntry { return []streamEntry{{key: "inbox_task.restore"}} },
	})
}

// Copy makes a new open thread from a finished one (copyTask): same company,
// category, title and description; both streams link to each other.
func (s *Service) Copy(ctx context.Context, req org.Request, id uuid.UUID) (*Task, error) {
	l, err := s.load(ctx, req, id)
	if err != nil {
		return nil, err
	}
	if !l.can(access.ActionCopy) {
		if !l.category().Active {
			return nil, apperr.Argument("category_is_inactive")
		}
		return nil, apperr.Denied("")
	}
	if !finished(l.Status) {
		return nil, apperr.Argument("only_closed_thread_can_be_copied")
	}
	var t Thread
	err = s.write(ctx, func(tx *tx) error {
		row, err := tx.q.ThreadCreate(ctx, store.ThreadCreateParams{CompanyID: l.CompanyID, CategoryID: l.CategoryID,
			TaskType: access.TaskTypeInbox, Title: l.Title, Description: l.Description, Status: StatusCreated,
			Priority: l.Priority, Urgent: l.Urgent, AuthorID: &req.User.ID, CopiedFromID: &l.ID,
			ExternalActions: []byte("[]")})
		if err != nil {
			return err
		}
		t = Thread(row)
		if err := countNew(ctx, tx.q, t); err != nil {
			return err
		}
		act, err := s.addActivity(ctx, tx, t, req.User.ID, "inbox_task.copy", jsonArgs(map[string]any{"relatedThreadId": l.UUID}))
		if err != nil {
			return err
		}
		if _, err := s.addActivity(ctx, tx, l.Thread, req.User.ID, "inbox_task.copied", jsonArgs(map[string]any{"relatedThreadId": t.UUID})); err != nil {
			return err
		}
		aud, err := audienceOf(ctx, tx.q, l.sc, t.CategoryID)
		if err != nil {
			return err
		}
		if err := bumpUnread(ctx, tx.q, t, act.ID, aud.others(req.User.ID), nil); err != nil {
			return err
		}
		if aud.trackOK[req.User.ID] {
			if _, err := markRead(ctx, tx.q, t, req.User.ID, act.ID); err != nil {
				return err
			}
		}
		tx.emit(aud.all, "inbox_thread.create", taskData(l.sc, t))
		tx.emit(aud.all, "inbox_thread.update", taskData(l.sc, l.Thread))
		return logEvent(ctx, tx.q, req, t.CompanyID, "task_copied", map[string]any{"taskId": t.UUID, "copiedFrom": l.UUID})
	})
	if err != nil {
		return nil, err
	}
	return s.taskView(ctx, s.st.Queries, req, l.sc, t)
}
