package inbox_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"portico/engine/apperr"
	"portico/engine/inbox"
)

// A bulk change reads its threads without locking them. Threads another
// write changes between that read and the bulk's write are read again under
// a lock and the change is worked out on what they are now: a status the
// other write set refuses the transition (naming the new origin state), and
// a field the other write set is not overwritten with the old value.
func TestBulkStatusOnThreadsChangedMeanwhile(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	agent := e.req("agent@portico.test")
	var ids []uuid.UUID
	for _, title := range []string{"closed meanwhile", "reprioritised meanwhile", "untouched"} {
		task := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", title)
		_, err := e.svc.ChangeStatus(ctx, agent, task.UUID, inbox.StatusInProgress)
		require.NoError(t, err)
		ids = append(ids, task.UUID)
	}
	calls := 0
	defer inbox.SetBeforeBulkWrite(func() {
		calls++
		_, err := e.svc.ChangeStatus(ctx, agent, ids[0], inbox.StatusClosed)
		require.NoError(t, err)
		_, err = e.svc.ChangePriority(ctx, agent, ids[1], "very_high")
		require.NoError(t, err)
	})()

	res, err := e.svc.ChangeTasksStatus(ctx, agent, inbox.BulkTarget{TaskIDs: ids}, inbox.StatusCreated)
	require.NoError(t, err)
	require.Equal(t, 1, calls)
	require.Equal(t, 1, res.Failed)
	require.Len(t, res.Items, 3)
	require.False(t, res.Items[0].Success)
	require.Equal(t, apperr.InvalidTransition, res.Items[0].Error.Code)
	require.Equal(t, "closed", res.Items[0].Error.Details["fromState"], "worked out on the thread as it is now")
	require.True(t, res.Items[1].Success)
	require.True(t, res.Items[2].Success)

	want := []struct{ status, priority string }{{"closed", "medium"}, {"created", "very_high"}, {"created", "medium"}}
	for i, id := range ids {
		got, err := e.svc.Task(ctx, agent, id)
		require.NoError(t, err)
		require.Equal(t, want[i].status, got.Status, "status of %d", i)
		require.Equal(t, want[i].priority, got.Priority, "priority of %d", i)
	}
	// one status activity per thread the bulk changed, none for the refused one
	rows, err := e.st.Pool.Query(ctx, `SELECT t.uuid FROM activities a JOIN threads t ON t.company_id = a.company_id
		AND t.id = a.thread_id WHERE a.key = 'status_change_from_in_progress_to_created' ORDER BY t.id`)
	require.NoError(t, err)
	changed, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	require.NoError(t, err)
	require.Equal(t, ids[1:], changed)
	e.checkCounters(t)
}

// A bulk change writes every thread it changes whole (the fields it changes
// and those it keeps): empty fields stay empty, set ones keep their value to
// the microsecond, and each thread gets its own status activity.
func TestBulkWriteKeepsTheOtherFields(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	agent := e.req("agent@portico.test")
	bare := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "bare")
	full := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "full")
	due := time.Now().Add(72*time.Hour + 123456*time.Microsecond)
	_, err := e.svc.ChangeDueDate(ctx, agent, full.UUID, &due)
	require.NoError(t, err)
	assignee := e.seed.Users["agent@portico.test"].UUID
	_, err = e.svc.AssignTo(ctx, agent, full.UUID, &assignee, false)
	require.NoError(t, err)
	_, err = e.svc.ChangePriority(ctx, agent, full.UUID, "high")
	require.NoError(t, err)
	ids := []uuid.UUID{full.UUID, bare.UUID}
	before := map[uuid.UUID]inbox.Thread{}
	for _, id := range ids {
		task, err := e.svc.Task(ctx, agent, id)
		require.NoError(t, err)
		before[id] = task.Thread
	}

	for _, status := range []string{inbox.StatusClosed, inbox.StatusInProgress} {
		res, err := e.svc.ChangeTasksStatus(ctx, agent, inbox.BulkTarget{TaskIDs: ids}, status)
		require.NoError(t, err)
		require.Zero(t, res.Failed)
		for _, id := range ids {
			task, err := e.svc.Task(ctx, agent, id)
			require.NoError(t, err)
			got, was := task.Thread, before[id]
			require.Equal(t, status, got.Status)
			require.Equal(t, status == inbox.StatusClosed, got.CompletionDate != nil, "completion date when closed")
			require.Equal(t, was.Priority, got.Priority)
			require.Equal(t, was.Urgent, got.Urgent)
			require.Equal(t, was.ResponsibleID, got.ResponsibleID)
			require.Equal(t, was.Hidden, got.Hidden)
			require.Nil(t, got.HiddenAt)
			require.Nil(t, got.HiddenBy)
			require.Equal(t, was.DueDate == nil, got.DueDate == nil, "due date of %s", task.Title)
			if was.DueDate != nil {
				require.True(t, was.DueDate.Equal(*got.DueDate), "due date of %s", task.Title)
			}
			require.True(t, got.ActivityAt.After(was.ActivityAt))
		}
	}
	var args []string
	require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT array_agg(a.addition_args::text ORDER BY t.title, a.id)
		FROM activities a JOIN threads t ON t.company_id = a.company_id AND t.id = a.thread_id
		WHERE a.key LIKE 'status_change_from_%' AND t.uuid = ANY($1)`, ids).Scan(&args))
	require.Equal(t, []string{
		`{"toState": "closed", "fromState": "created"}`, `{"toState": "in_progress", "fromState": "closed"}`,
		`{"toState": "closed", "fromState": "created"}`, `{"toState": "in_progress", "fromState": "closed"}`}, args)
	e.checkCounters(t)
}
