package inbox

import (
	"context"

	"portico/engine/store"
)

// inInbox tells whether a thread counts in the inbox folder (and so in the
// unread counters).
func inInbox(t Thread) bool { return !t.Hidden && openStatus(t.Status) }

// countNew adds a new thread to the folder counters.
func countNew(ctx context.Context, q *store.Queries, t Thread) error {
	return q.ThreadCounterAdd(ctx, store.ThreadCounterAddParams{CompanyID: t.CompanyID, CategoryID: t.CategoryID,
		TaskType: t.TaskType, Status: t.Status, Hidden: t.Hidden})
}

// countMove moves a thread between counters when its status or bin state
// changed, and between the unread counters of everyone who has it unread when
// it entered or left the inbox folder. The two folder counter rows are taken
// in key order, as bulk changes take theirs: two threads moving between the
// same two rows in opposite directions at once would otherwise deadlock.
func countMove(ctx context.Context, q *store.Queries, before, after Thread) error {
	if before.Status == after.Status && before.Hidden == after.Hidden {
		return nil
	}
	if err := moveFolderCounters(ctx, q, map[store.ThreadCounterMoveParams]int64{
		counterKey(before): -1, counterKey(after): 1}); err != nil {
		return err
	}
	switch was, is := inInbox(before), inInbox(after); {
	case was && !is:
		return q.UnreadCounterSubThread(ctx, store.UnreadCounterSubThreadParams{CompanyID: after.CompanyID,
			ThreadID: after.ID, CategoryID: after.CategoryID, TaskType: after.TaskType})
	case !was && is:
		return q.UnreadCounterAddThread(ctx, store.UnreadCounterAddThreadParams{CompanyID: after.CompanyID,
			ThreadID: after.ID, CategoryID: after.CategoryID, TaskType: after.TaskType})
	}
	return nil
}

// bumpUnread records a new activity for users: one more unread each (but for
// those who have read up to it), and the thread enters their unread counters
// where it was read before.
func bumpUnread(ctx context.Context, q *store.Queries, t Thread, activityID int64, users, mentioned []int64) error {
	if len(users) == 0 {
		return nil
	}
	if mentioned == nil {
		mentioned = []int64{}
	}
	rows, err := q.ThreadReadBump(ctx, store.ThreadReadBumpParams{CompanyID: t.CompanyID, ThreadID: t.ID,
		UserIds: users, MentionedIds: mentioned, ActivityID: activityID})
	if err != nil {
		return err
	}
	if !inInbox(t) {
		return nil
	}
	var became []int64
	for _, r := range rows {
		if r.BecameUnread {
			became = append(became, r.UserID)
		}
	}
	if len(became) == 0 {
		return nil
	}
	return q.UnreadCounterAddUsers(ctx, store.UnreadCounterAddUsersParams{CompanyID: t.CompanyID,
		CategoryID: t.CategoryID, TaskType: t.TaskType, UserIds: became})
}

// markRead sets the user's read state up to an activity; it reports whether
// anything changed. Others' news after the activity stay unread, and so does
// the thread in the user's unread counters.
func markRead(ctx context.Context, q *store.Queries, t Thread, userID, activityID int64) (bool, error) {
	res, err := q.ThreadReadMarkRead(ctx, store.ThreadReadMarkReadParams{CompanyID: t.CompanyID, ThreadID: t.ID,
		UserID: userID, ActivityID: activityID})
	if err != nil || res.PreviousUnread == 0 || res.Unread == res.PreviousUnread {
		return false, err
	}
	if inInbox(t) && res.Unread == 0 {
		err = q.UnreadCounterSubUsers(ctx, store.UnreadCounterSubUsersParams{CompanyID: t.CompanyID,
			CategoryID: t.CategoryID, TaskType: t.TaskType, UserIds: []int64{userID}})
	}
	return true, err
}

// markUnread makes the thread unread for the user; it reports whether anything changed.
func markUnread(ctx context.Context, q *store.Queries, t Thread, userID int64) (bool, error) {
	res, err := q.ThreadReadMarkUnread(ctx, store.ThreadReadMarkUnreadParams{CompanyID: t.CompanyID, ThreadID: t.ID, UserID: userID})
	if err != nil || res.PreviousUnread > 0 {
		return false, err
	}
	if inInbox(t) {
		err = q.UnreadCounterAddUsers(ctx, store.UnreadCounterAddUsersParams{CompanyID: t.CompanyID,
			CategoryID: t.CategoryID, TaskType: t.TaskType, UserIds: []int64{userID}})
	}
	return true, err
}

// markSet marks many threads read (each up to its latest activity) or unread
// for one user in one statement, and moves the user's unread counters for
// those in the inbox folder in one more. It answers the threads whose state
// changed, in the given order.
func markSet(ctx context.Context, q *store.Queries, threads []Thread, userID int64, unread bool) ([]Thread, error) {
	companyIDs := make([]int64, len(threads))
	threadIDs := make([]int64, len(threads))
	for i, t := range threads {
		companyIDs[i], threadIDs[i] = t.CompanyID, t.ID
	}
	type key struct{ company, thread int64 }
	did := map[key]bool{}
	if unread {
		rows, err := q.ThreadReadMarkUnreadSet(ctx, store.ThreadReadMarkUnreadSetParams{CompanyIds: companyIDs,
			ThreadIds: threadIDs, UserID: userID})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			did[key{r.CompanyID, r.ThreadID}] = true
		}
	} else {
		rows, err := q.ThreadReadMarkReadSet(ctx, store.ThreadReadMarkReadSetParams{CompanyIds: companyIDs,
			ThreadIds: threadIDs, UserID: userID})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			did[key{r.CompanyID, r.ThreadID}] = true
		}
	}
	type counter struct {
		CompanyID  int64  `json:"company_id"`
		CategoryID int64  `json:"category_id"`
		TaskType   string `json:"task_type"`
		N          int64  `json:"n"`
	}
	var changed []Thread
	var counters []counter
	at := map[counter]int{}
	for _, t := range threads {
		if !did[key{t.CompanyID, t.ID}] {
			continue
		}
		changed = append(changed, t)
		if !inInbox(t) {
			continue
		}
		k := counter{CompanyID: t.CompanyID, CategoryID: t.CategoryID, TaskType: t.TaskType}
		if i, ok := at[k]; ok {
			counters[i].N++
			continue
		}
		at[k] = len(counters)
		k.N = 1
		counters = append(counters, k)
	}
	if len(counters) == 0 {
		return changed, nil
	}
	if unread {
		return changed, q.UnreadCounterAddUser(ctx, store.UnreadCounterAddUserParams{UserID: userID, Rows: mustJSON(counters)})
	}
	return changed, q.UnreadCounterSubUser(ctx, store.UnreadCounterSubUserParams{UserID: userID, Rows: mustJSON(counters)})
}
