package inbox

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// BulkTarget names the threads of a bulk change: explicit ids, or every
// thread the selection matches (allTasks), at most BulkLimit either way.
type BulkTarget struct {
	TaskIDs   []uuid.UUID
	AllTasks  bool
	Selection Selection
}

// BulkItem is the answer for one thread.
type BulkItem struct {
	TaskID  uuid.UUID
	Title   string
	Success bool
	Error   *apperr.Error
}

// BulkResult is a bulk change's answer: per item, and how many failed.
type BulkResult struct {
	Items  []BulkItem
	Failed int
}

// Succeeded counts the items that changed.
func (r *BulkResult) Succeeded() int { return len(r.Items) - r.Failed }

func invalidTaskIDs() *apperr.Error {
	return &apperr.Error{Code: apperr.RecordNotFound, Message: "invalid_task_ids", EntityType: "inbox_task"}
}

// target is a thread of a bulk change as read, without a lock, with the
// version of its row.
type target struct {
	*loaded
	version int64
}

// targets resolves a bulk target to the loaded threads, every one readable
// by the viewer (else RECORD_NOT_FOUND invalid_task_ids and nothing changes).
func (s *Service) targets(ctx context.Context, req org.Request, bt BulkTarget) ([]target, error) {
	ids := bt.TaskIDs
	if bt.AllTasks {
		r, err := s.resolve(ctx, req, bt.Selection)
		if err != nil {
			return nil, err
		}
		if len(r.companyIDs) == 0 {
			return nil, nil
		}
		p := r.p
		ids, err = s.plan.ThreadSelectIDs(ctx, store.ThreadSelectIDsParams{UserID: p.UserID, CompanyIds: p.CompanyIds,
			Scope: p.Scope, CategoryIds: p.CategoryIds, Hidden: p.Hidden, Statuses: p.Statuses, TaskTypes: p.TaskTypes, UnreadOnly: p.UnreadOnly,
			ResponsibleIds: p.ResponsibleIds, ResponsibleNobody: p.ResponsibleNobody, AuthorIds: p.AuthorIds,
			Priorities: p.Priorities, Urgent: p.Urgent, DueFrom: p.DueFrom, DueTo: p.DueTo, WithDueDate: p.WithDueDate,
			OverdueOnly: p.OverdueOnly, Now: p.Now, WithMessages: p.WithMessages, WithAttachments: p.WithAttachments,
			ParticipantIds: p.ParticipantIds, WorkflowIds: p.WorkflowIds, Query: p.Query, Lim: BulkLimit + 1})
		if err != nil {
			return nil, err
		}
	}
	if len(ids) == 0 && !bt.AllTasks {
		return nil, apperr.Argument("task_ids_required")
	}
	if len(ids) > BulkLimit {
		return nil, apperr.Argument("too_many_tasks")
	}
	texts := make([]string, len(ids))
	for i, id := range ids {
		texts[i] = id.String()
	}
	rows, err := s.st.ThreadGetForBulk(ctx, texts)
	if err != nil {
		return nil, err
	}
	companies, err := s.dir.Companies(ctx, req.User, req.AdminPanel)
	if err != nil {
		return nil, err
	}
	// a scope only for the companies the threads are in (a viewer may see a
	// thousand companies; a bulk change usually touches a few)
	visible := make(map[uuid.UUID]int, len(companies))
	for i, c := range companies {
		visible[c.Company.UUID] = i
	}
	scopes := map[uuid.UUID]*scope{}
	var authorIDs []int64
	seenAuthor := map[int64]bool{}
	for _, r := range rows {
		if r.AuthorID != nil && !seenAuthor[*r.AuthorID] {
			seenAuthor[*r.AuthorID] = true
			authorIDs = append(authorIDs, *r.AuthorID)
		}
	}
	authors, err := usersByID(ctx, s.st.Queries, authorIDs)
	if err != nil {
		return nil, err
	}
	byUUID := make(map[uuid.UUID]target, len(rows))
	for _, r := range rows {
		sc := scopes[r.CompanyUuid]
		if sc == nil {
			i, ok := visible[r.CompanyUuid]
			if !ok {
				continue
			}
			sc = newScope(&companies[i])
			scopes[r.CompanyUuid] = sc
		}
		l := &loaded{Thread: Thread{r.CompanyID, r.ID, r.UUID, r.CategoryID, r.TaskType, r.Title, r.Description, r.Status,
			r.Priority, r.Urgent, r.DueDate, r.CompletionDate, r.Hidden, r.HiddenAt, r.HiddenBy, r.AuthorID,
			r.ResponsibleID, r.WorkflowInstanceID, r.WorkflowNodeID, r.Skippable, r.ExternalActions,
			r.CopiedFromID, r.ActivityAt, r.CreatedAt, r.UpdatedAt}, sc: sc}
		if r.AuthorID != nil {
			if u, ok := authors[*r.AuthorID]; ok {
				l.author = &u
			}
		}
		if l.can(access.ActionRead) {
			byUUID[r.UUID] = target{loaded: l, version: r.Version}
		}
	}
	out := make([]target, 0, len(ids))
	seen := map[uuid.UUID]bool{}
	for _, id := range ids {
		l, ok := byUUID[id]
		if !ok {
			return nil, invalidTaskIDs()
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, l)
		}
	}
	return out, nil
}

// bulk applies one mutation to many threads in one transaction, with a fixed
// number of round trips for the writes. Threads the viewer may not change, or
// that refuse the change, are answered as failures; the rest change.
func (s *Service) bulk(ctx context.Context, req org.Request, bt BulkTarget, bulkAction string, m mutation) (*BulkResult, error) {
	list, err := s.targets(ctx, req, bt)
	if err != nil {
		return nil, err
	}
	return s.bulkOn(ctx, req, list, bulkAction, m)
}

// bulkOn is bulk on resolved targets. The threads are not locked first: each
// change is worked out on the thread as read and written only if the row is
// still that version; the few another write changed in between are locked,
// read again and worked out again. Every write is one statement for all the
// threads: the update, the activities, the folder and unread counters, the
// member lookup for realtime and the events log (one entry per company).
func (s *Service) bulkOn(ctx context.Context, req org.Request, list []target, bulkAction string, m mutation) (*BulkResult, error) {
	res := &BulkResult{Items: make([]BulkItem, 0, len(list))}
	if len(list) == 0 {
		return res, nil
	}
	byUUID := make(map[uuid.UUID]*loaded, len(list))
	allowed := make([]target, 0, len(list))
	for _, l := range list {
		byUUID[l.UUID] = l.loaded
		if l.can(bulkAction) && l.can(m.action) {
			allowed = append(allowed, l)
		}
	}
	// in key order, so the write meets (locks) the threads in the same order
	// as any concurrent bulk change
	slices.SortFunc(allowed, func(a, b target) int {
		return cmp.Or(cmp.Compare(a.CompanyID, b.CompanyID), cmp.Compare(a.ID, b.ID))
	})
	if beforeBulkWrite != nil {
		beforeBulkWrite()
	}
	now := s.now()
	var items map[uuid.UUID]BulkItem
	err := s.write(ctx, func(tx *tx) error {
		items = make(map[uuid.UUID]BulkItem, len(list))
		w := bulkWrite{changes: make([]threadChange, 0, len(allowed))}
		rows := make([]threadRow, 0, len(allowed))
		for _, l := range allowed {
			row, err := w.add(items, req, m, l.Thread, now)
			if err != nil {
				return err
			}
			if row != nil {
				row.Version = l.version
				rows = append(rows, *row)
			}
		}
		if len(rows) == 0 {
			return nil
		}
		written, err := tx.q.ThreadUpdateSetIfUnchanged(ctx, setIfUnchangedParams(rows))
		if err != nil {
			return err
		}
		if len(written) < len(rows) {
			if err := w.redoStale(ctx, tx, items, req, m, now, written); err != nil {
				return err
			}
		}
		for _, ch := range w.changes {
			tx.statusChanged(ch.cur, ch.next)
		}
		if len(w.acts) > 0 {
			p, err := activitySetParams(w.acts)
			if err != nil {
				return err
			}
			if err := tx.q.ActivityCreateSet(ctx, p); err != nil {
				return err
			}
		}
		if err := w.moveCounters(ctx, tx.q); err != nil {
			return err
		}
		return s.announceBulk(ctx, tx, req, byUUID, w.changed(), m)
	})
	if err != nil {
		return nil, err
	}
	for _, l := range list {
		it, ok := items[l.UUID]
		if !ok {
			it = BulkItem{TaskID: l.UUID, Title: l.Title, Error: apperr.Denied("user_does_not_have_access_to_the_tasks")}
		}
		if !it.Success {
			res.Failed++
		}
		res.Items = append(res.Items, it)
	}
	return res, nil
}

// beforeBulkWrite, set by tests only, runs between reading a bulk change's
// threads and writing them (where another write may change them).
var beforeBulkWrite func()

// bulkWrite gathers what a bulk change writes, thread by thread.
type bulkWrite struct {
	changes []threadChange
	acts    []activityRow
}

type threadChange struct {
	cur, next Thread
}

// add works the mutation out on one thread: a refusal (a catalogue error) is
// the thread's item; a change is remembered, with its activities, and its row
// answered (nil for a refusal).
func (w *bulkWrite) add(items map[uuid.UUID]BulkItem, req org.Request, m mutation, cur Thread, now time.Time) (*threadRow, error) {
	next := cur
	if err := m.apply(cur, &next); err != nil {
		e, ok := apperr.As(err)
		if !ok {
			return nil, err
		}
		items[cur.UUID] = BulkItem{TaskID: cur.UUID, Title: cur.Title, Error: e}
		return nil, nil
	}
	items[cur.UUID] = BulkItem{TaskID: cur.UUID, Title: cur.Title, Success: true}
	if m.activities != nil {
		for _, e := range m.activities(cur, next) {
			w.acts = append(w.acts, activityRow{CompanyID: next.CompanyID, ThreadID: next.ID, Key: e.key,
				UserID: req.User.ID, AdditionArgs: orNoArgs(e.args)})
			next.ActivityAt = now
		}
	}
	w.changes = append(w.changes, threadChange{cur: cur, next: next})
	return &threadRow{CompanyID: next.CompanyID, ID: next.ID, Status: next.Status,
		Priority: next.Priority, Urgent: next.Urgent, DueDate: next.DueDate, CompletionDate: next.CompletionDate,
		ResponsibleID: next.ResponsibleID, Hidden: next.Hidden, HiddenAt: next.HiddenAt, HiddenBy: next.HiddenBy,
		ActivityAt: next.ActivityAt}, nil
}

// redoStale locks the threads another write changed since they were read
// (those not written), forgets what was worked out on the old rows and works
// the mutation out again on the locked ones.
func (w *bulkWrite) redoStale(ctx context.Context, tx *tx, items map[uuid.UUID]BulkItem, req org.Request, m mutation,
	now time.Time, written []store.ThreadUpdateSetIfUnchangedRow) error {
	type key struct{ company, id int64 }
	done := make(map[key]bool, len(written))
	for _, r := range written {
		done[key{r.CompanyID, r.ID}] = true
	}
	var stale []uuid.UUID
	staleKey := map[key]bool{}
	kept := w.changes[:0]
	for _, ch := range w.changes {
		k := key{ch.cur.CompanyID, ch.cur.ID}
		if done[k] {
			kept = append(kept, ch)
			continue
		}
		stale = append(stale, ch.cur.UUID)
		staleKey[k] = true
		delete(items, ch.cur.UUID)
	}
	w.changes = kept
	acts := w.acts[:0]
	for _, a := range w.acts {
		if !staleKey[key{a.CompanyID, a.ThreadID}] {
			acts = append(acts, a)
		}
	}
	w.acts = acts
	locked, err := tx.q.ThreadLockMany(ctx, stale)
	if err != nil {
		return err
	}
	var rows []threadRow
	for _, r := range locked {
		row, err := w.add(items, req, m, Thread(r), now)
		if err != nil {
			return err
		}
		if row != nil {
			rows = append(rows, *row)
		}
	}
	if len(rows) == 0 {
		return nil
	}
	return tx.q.ThreadUpdateSet(ctx, mustJSON(rows))
}

// changed is the threads as the change leaves them.
func (w *bulkWrite) changed() []Thread {
	out := make([]Thread, len(w.changes))
	for i, ch := range w.changes {
		out[i] = ch.next
	}
	return out
}

// moveCounters applies the change's folder-counter deltas (one batch) and its
// moves in and out of the inbox folder (two statements).
func (w *bulkWrite) moveCounters(ctx context.Context, q *store.Queries) error {
	deltas := map[store.ThreadCounterMoveParams]int64{}
	var unreadMoves []unreadMove
	for _, ch := range w.changes {
		cur, next := ch.cur, ch.next
		if cur.Status == next.Status && cur.Hidden == next.Hidden {
			continue
		}
		deltas[counterKey(cur)]--
		deltas[counterKey(next)]++
		if was, is := inInbox(cur), inInbox(next); was != is {
			d := int64(1)
			if was {
				d = -1
			}
			unreadMoves = append(unreadMoves, unreadMove{CompanyID: next.CompanyID, ThreadID: next.ID,
				CategoryID: next.CategoryID, TaskType: next.TaskType, Delta: d})
		}
	}
	return moveCounters(ctx, q, deltas, unreadMoves)
}

// moveCounters applies a bulk change's folder-counter deltas (one batch) and
// its moves in and out of the inbox folder (two statements).
func moveCounters(ctx context.Context, q *store.Queries, deltas map[store.ThreadCounterMoveParams]int64, unreadMoves []unreadMove) error {
	if err := moveFolderCounters(ctx, q, deltas); err != nil {
		return err
	}
	if len(unreadMoves) == 0 {
		return nil
	}
	if err := q.UnreadCounterAddThreads(ctx, mustJSON(unreadMoves)); err != nil {
		return err
	}
	return q.UnreadCounterSubThreads(ctx, mustJSON(unreadMoves))
}

// counterKey is the folder counter row a thread counts in (Delta unset).
func counterKey(t Thread) store.ThreadCounterMoveParams {
	return store.ThreadCounterMoveParams{CompanyID: t.CompanyID, CategoryID: t.CategoryID, TaskType: t.TaskType,
		Status: t.Status, Hidden: t.Hidden}
}

// moveFolderCounters adds the non-zero deltas to their folder counter rows,
// in one batch, in key order (compareCounters): every write that moves
// counters, bulk or single, takes a company's counter rows in that one order,
// so two writes never wait for each other's rows crosswise (a deadlock).
func moveFolderCounters(ctx context.Context, q *store.Queries, deltas map[store.ThreadCounterMoveParams]int64) error {
	var moves []store.ThreadCounterMoveParams
	for k, d := range deltas {
		if d != 0 {
			k.Delta = d
			moves = append(moves, k)
		}
	}
	if len(moves) == 0 {
		return nil
	}
	slices.SortFunc(moves, compareCounters)
	return q.ThreadCounterMove(ctx, moves).Close()
}

// compareCounters orders folder counter rows by their key (the table's
// primary key: company, category, task type, status, hidden).
func compareCounters(a, b store.ThreadCounterMoveParams) int {
	return cmp.Or(cmp.Compare(a.CompanyID, b.CompanyID), cmp.Compare(a.CategoryID, b.CategoryID),
		cmp.Compare(a.TaskType, b.TaskType), cmp.Compare(a.Status, b.Status), compareBool(a.Hidden, b.Hidden))
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// announceBulk tells of a bulk change: one realtime event per user, naming
// every changed thread the user may see, and one events-log entry per company.
func (s *Service) announceBulk(ctx context.Context, tx *tx, req org.Request, byUUID map[uuid.UUID]*loaded, changed []Thread, m mutation) error {
	var companyIDs []int64
	idsOf := map[int64][]uuid.UUID{}
	for _, t := range changed {
		if _, ok := idsOf[t.CompanyID]; !ok {
			companyIDs = append(companyIDs, t.CompanyID)
		}
		idsOf[t.CompanyID] = append(idsOf[t.CompanyID], t.UUID)
	}
	slices.Sort(companyIDs)
	auds, err := loadAudiences(ctx, tx.q, companyIDs)
	if err != nil {
		return err
	}
	perUser := map[uuid.UUID][]uuid.UUID{}
	var order []uuid.UUID
	for _, t := range changed {
		for _, u := range auds.of(byUUID[t.UUID].sc, t.CategoryID).all {
			if _, seen := perUser[u]; !seen {
				order = append(order, u)
			}
			perUser[u] = append(perUser[u], t.UUID)
		}
	}
	for _, u := range order {
		tx.emit([]uuid.UUID{u}, m.key, map[string]any{"uuid": perUser[u][0], "uuids": perUser[u]})
	}
	return logEventSet(ctx, tx.q, req, "bulk_"+m.event, companyIDs, func(companyID int64) map[string]any {
		return map[string]any{"taskIds": idsOf[companyID]}
	})
}

// logEventSet writes one events-log entry per company in one statement (the
// bulk form of logEvent).
func logEventSet(ctx context.Context, q *store.Queries, req org.Request, name string, companyIDs []int64,
	data func(companyID int64) map[string]any) error {
	if len(companyIDs) == 0 {
		return nil
	}
	type entry struct {
		CompanyID int64          `json:"company_id"`
		Data      map[string]any `json:"data"`
	}
	rows := make([]entry, len(companyIDs))
	for i, id := range companyIDs {
		rows[i] = entry{CompanyID: id, Data: data(id)}
	}
	var user *int64 // nil: the system wrote it
	if req.User.ID != 0 {
		user = &req.User.ID
	}
	return q.EventLogAddSet(ctx, store.EventLogAddSetParams{UserID: user, EventCategory: "Inbox", EventName: name,
		Ip: req.IP, Rows: mustJSON(rows)})
}

// audiences are who may read the threads of each (company, category) of a
// bulk change, from one member lookup for all its companies.
type audiences struct {
	members map[int64][]store.CompanyMemberListRow // by company, global admins last
	cache   map[[2]int64]*audience
}

func loadAudiences(ctx context.Context, q *store.Queries, companyIDs []int64) (*audiences, error) {
	a := &audiences{members: map[int64][]store.CompanyMemberListRow{}, cache: map[[2]int64]*audience{}}
	if len(companyIDs) == 0 {
		return a, nil
	}
	rows, err := q.CompanyMemberListMany(ctx, companyIDs)
	if err != nil {
		return nil, fmt.Errorf("inbox: audiences: %w", err)
	}
	var admins []store.CompanyMemberListRow
	for _, r := range rows {
		m := store.CompanyMemberListRow{ID: r.ID, UUID: r.UUID, UserType: r.UserType, UserRole: r.UserRole,
			UserActive: r.UserActive, Name: r.Name, Role: r.Role, MemberActive: r.MemberActive, CategoryIds: r.CategoryIds}
		if r.CompanyID == 0 {
			admins = append(admins, m)
		} else {
			a.members[r.CompanyID] = append(a.members[r.CompanyID], m)
		}
	}
	for _, id := range companyIDs {
		a.members[id] = append(a.members[id], admins...)
	}
	return a, nil
}

// of is the audience of a category of a company the lookup covered.
func (a *audiences) of(sc *scope, categoryID int64) *audience {
	key := [2]int64{sc.Company.ID, categoryID}
	if aud, ok := a.cache[key]; ok {
		return aud
	}
	aud := audienceFrom(sc, categoryID, a.members[sc.Company.ID])
	a.cache[key] = aud
	return aud
}

// audienceFrom is the audience among member rows already read: the active
// users whose abilities let them read the category's threads.
func audienceFrom(sc *scope, categoryID int64, rows []store.CompanyMemberListRow) *audience {
	cats := make([]access.Category, 0, len(sc.Categories))
	for _, c := range sc.Categories {
		cats = append(cats, access.Category{ID: c.ID, CategoryType: access.CategoryType(c.CategoryType), Active: c.Active})
	}
	company := access.Company{ID: sc.Company.UUID, Active: sc.Company.Active,
		SSOSettingsEnabled: sc.Company.SsoSettingsEnabled, TermsAccepted: sc.Company.TermsAcceptedAt != nil}
	a := &audience{byID: map[int64]uuid.UUID{}, trackOK: map[int64]bool{}}
	obj := access.Object{CompanyID: sc.Company.UUID, CategoryID: categoryID, Type: access.TaskTypeInbox}
	for _, r := range rows {
		if !r.UserActive {
			continue
		}
		if _, seen := a.byID[r.ID]; seen {
			continue
		}
		ab := access.Compute(
			access.Actor{UserID: r.UUID, UserType: access.UserType(r.UserType), UserRole: access.UserRole(r.UserRole)},
			access.Membership{Company: company, Active: r.MemberActive, Role: access.MemberRole(r.Role), Categories: r.CategoryIds},
			cats)
		if !ab.CanOn(access.ActionRead, access.SubjectTask, obj) {
			continue
		}
		a.byID[r.ID] = r.UUID
		a.all = append(a.all, r.UUID)
		if ab.MarksRead() {
			a.tracked = append(a.tracked, r.ID)
			a.trackOK[r.ID] = true
		}
	}
	return a
}

// ChangeTasksStatus is changeTasksStatus. Automatic statuses are refused.
func (s *Service) ChangeTasksStatus(ctx context.Context, req org.Request, bt BulkTarget, status string) (*BulkResult, error) {
	m, err := s.statusMutation(req, status)
	if err != nil {
		return nil, err
	}
	return s.bulk(ctx, req, bt, access.ActionBulkChangeStatus, m)
}

// ChangeTasksPriority is changeTasksPriority.
func (s *Service) ChangeTasksPriority(ctx context.Context, req org.Request, bt BulkTarget, priority string) (*BulkResult, error) {
	m, err := priorityMutation(priority)
	if err != nil {
		return nil, err
	}
	return s.bulk(ctx, req, bt, access.ActionBulkChangePriority, m)
}

// ChangeTasksDueDate is changeTasksDueDate: the date is required and must be in the future.
func (s *Service) ChangeTasksDueDate(ctx context.Context, req org.Request, bt BulkTarget, due *time.Time) (*BulkResult, error) {
	m, err := s.dueDateMutation(due, true)
	if err != nil {
		return nil, err
	}
	return s.bulk(ctx, req, bt, access.ActionBulkChangeDueDate, m)
}

// ChangeTasksCompletionDate is changeTasksCompletionDate.
func (s *Service) ChangeTasksCompletionDate(ctx context.Context, req org.Request, bt BulkTarget, date *time.Time) (*BulkResult, error) {
	m, err := completionMutation(date)
	if err != nil {
		return nil, err
	}
	return s.bulk(ctx, req, bt, access.ActionBulkChangeCompletionDate, m)
}

// AssignTasksTo is assignTasksTo: a staff user or nobody. Threads whose
// category the assignee may not see fail (by name).
func (s *Service) AssignTasksTo(ctx context.Context, req org.Request, bt BulkTarget, userID *uuid.UUID, nobody bool) (*BulkResult, error) {
	u, err := s.assignee(ctx, userID, nobody)
	if err != nil {
		return nil, err
	}
	list, err := s.targets(ctx, req, bt)
	if err != nil {
		return nil, err
	}
	m := assignMutation(nil, u, nil)
	if u != nil && len(list) > 0 {
		scopes := map[int64]*scope{}
		var companyIDs []int64
		for _, l := range list {
			if _, ok := scopes[l.CompanyID]; !ok {
				companyIDs = append(companyIDs, l.CompanyID)
			}
			scopes[l.CompanyID] = l.sc
		}
		auds, err := loadAudiences(ctx, s.st.Queries, companyIDs)
		if err != nil {
			return nil, err
		}
		apply := m.apply
		m.apply = func(cur Thread, next *Thread) error {
			if auds.of(scopes[cur.CompanyID], cur.CategoryID).byID[u.ID] == uuid.Nil {
				return apperr.Argument("assignee_cannot_see_thread")
			}
			return apply(cur, next)
		}
	}
	return s.bulkOn(ctx, req, list, access.ActionBulkAssign, m)
}

// ChangeTasksUnread is changeTasksUnread: mark many threads read or unread
// for the viewer (nothing for global admins), in a fixed number of statements.
func (s *Service) ChangeTasksUnread(ctx context.Context, req org.Request, bt BulkTarget, unread bool) (*BulkResult, error) {
	list, err := s.targets(ctx, req, bt)
	if err != nil {
		return nil, err
	}
	action, key, event := access.ActionMarkAsRead, "inbox_thread.mark_as_read", "bulk_task_read"
	if unread {
		action, key, event = access.ActionMarkAsUnread, "inbox_thread.mark_as_unread", "bulk_task_marked_unread"
	}
	res := &BulkResult{Items: make([]BulkItem, 0, len(list))}
	var mark []Thread
	for _, l := range list {
		if !l.can(access.ActionBulkChangeUnread) || !l.can(action) {
			res.Items = append(res.Items, BulkItem{TaskID: l.UUID, Title: l.Title, Error: apperr.Denied("")})
			res.Failed++
			continue
		}
		res.Items = append(res.Items, BulkItem{TaskID: l.UUID, Title: l.Title, Success: true})
		if l.sc.Abilities.MarksRead() {
			mark = append(mark, l.Thread)
		}
	}
	if len(mark) == 0 {
		return res, nil
	}
	err = s.write(ctx, func(tx *tx) error {
		changed, err := markSet(ctx, tx.q, mark, req.User.ID, unread)
		if err != nil || len(changed) == 0 {
			return err
		}
		var companyIDs []int64
		idsOf := map[int64][]uuid.UUID{}
		uuids := make([]uuid.UUID, len(changed))
		for i, t := range changed {
			if _, ok := idsOf[t.CompanyID]; !ok {
				companyIDs = append(companyIDs, t.CompanyID)
			}
			idsOf[t.CompanyID] = append(idsOf[t.CompanyID], t.UUID)
			uuids[i] = t.UUID
		}
		slices.Sort(companyIDs)
		if err := logEventSet(ctx, tx.q, req, event, companyIDs, func(companyID int64) map[string]any {
			return map[string]any{"taskIds": idsOf[companyID]}
		}); err != nil {
			return err
		}
		tx.emit([]uuid.UUID{req.User.UUID}, key, map[string]any{"uuid": uuids[0], "uuids": uuids})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// threadRow, activityRow and unreadMove are the rows of the one-statement
// bulk writes: a thread's new fields (ThreadUpdateSetIfUnchanged's arrays, or
// ThreadUpdateSet's JSON for the few threads done again), an activity
// (ActivityCreateSet's arrays) and a move in or out of the inbox folder
// (UnreadCounter*Threads' JSON).
type threadRow struct {
	CompanyID      int64      `json:"company_id"`
	ID             int64      `json:"id"`
	Status         string     `json:"status"`
	Priority       string     `json:"priority"`
	Urgent         bool       `json:"urgent"`
	DueDate        *time.Time `json:"due_date"`
	CompletionDate *time.Time `json:"completion_date"`
	ResponsibleID  *int64     `json:"responsible_id"`
	Hidden         bool       `json:"hidden"`
	HiddenAt       *time.Time `json:"hidden_at"`
	HiddenBy       *int64     `json:"hidden_by"`
	ActivityAt     time.Time  `json:"activity_at"`
	// Version is the row version the change was worked out on (ThreadUpdateSetIfUnchanged).
	Version int64 `json:"-"`
}

// setIfUnchangedParams are the rows as ThreadUpdateSetIfUnchanged's parallel
// arrays (NULL as 0 and the zero time).
func setIfUnchangedParams(rows []threadRow) store.ThreadUpdateSetIfUnchangedParams {
	n := len(rows)
	p := store.ThreadUpdateSetIfUnchangedParams{CompanyIds: make([]int64, n), Ids: make([]int64, n),
		Versions: make([]int64, n), Statuses: make([]string, n), Priorities: make([]string, n), Urgents: make([]bool, n),
		DueDates: make([]time.Time, n), CompletionDates: make([]time.Time, n), ResponsibleIds: make([]int64, n),
		Hiddens: make([]bool, n), HiddenAts: make([]time.Time, n), HiddenBys: make([]int64, n), ActivityAts: make([]time.Time, n)}
	for i, r := range rows {
		p.CompanyIds[i], p.Ids[i], p.Versions[i] = r.CompanyID, r.ID, r.Version
		p.Statuses[i], p.Priorities[i], p.Urgents[i], p.Hiddens[i] = r.Status, r.Priority, r.Urgent, r.Hidden
		p.DueDates[i], p.CompletionDates[i], p.HiddenAts[i] = orZero(r.DueDate), orZero(r.CompletionDate), orZero(r.HiddenAt)
		p.ResponsibleIds[i], p.HiddenBys[i] = orZero(r.ResponsibleID), orZero(r.HiddenBy)
		p.ActivityAts[i] = r.ActivityAt
	}
	return p
}

// orZero is *v, or the zero value for nil.
func orZero[T any](v *T) T {
	if v == nil {
		var zero T
		return zero
	}
	return *v
}

type activityRow struct {
	CompanyID    int64
	ThreadID     int64
	Key          string
	UserID       int64
	AdditionArgs json.RawMessage
}

// activitySetParams are the activities as ActivityCreateSet's parallel
// arrays, each with a new time-ordered id.
func activitySetParams(acts []activityRow) (store.ActivityCreateSetParams, error) {
	n := len(acts)
	p := store.ActivityCreateSetParams{Uuids: make([]string, n), CompanyIds: make([]int64, n), ThreadIds: make([]int64, n),
		Keys: make([]string, n), UserIds: make([]int64, n), AdditionArgs: make([]json.RawMessage, n)}
	for i, a := range acts {
		id, err := uuid.NewV7()
		if err != nil {
			return p, err
		}
		p.Uuids[i] = id.String()
		p.CompanyIds[i], p.ThreadIds[i], p.Keys[i], p.UserIds[i], p.AdditionArgs[i] = a.CompanyID, a.ThreadID, a.Key, a.UserID, a.AdditionArgs
	}
	return p, nil
}

type unreadMove struct {
	CompanyID  int64  `json:"company_id"`
	ThreadID   int64  `json:"thread_id"`
	CategoryID int64  `json:"category_id"`
	TaskType   string `json:"task_type"`
	Delta      int64  `json:"delta"`
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // plain structs always marshal
	}
	return b
}
