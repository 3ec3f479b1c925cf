package inbox_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow"
)

// hookCall is one TaskStatusChanged call.
type hookCall struct {
	Thread uuid.UUID
	Status string
}

// hookRecorder is an inbox.TaskEvents that keeps its calls.
type hookRecorder struct {
	mu    sync.Mutex
	calls []hookCall
}

func (h *hookRecorder) TaskStatusChanged(_ context.Context, thread uuid.UUID, status string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, hookCall{thread, status})
	return nil
}

func (h *hookRecorder) take() []hookCall {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := h.calls
	h.calls = nil
	return out
}

// withHook is the env's inbox with a recording TaskEvents.
func (e *env) withHook() (*inbox.Service, *hookRecorder) {
	h := &hookRecorder{}
	return inbox.New(e.st, org.NewDirectory(e.st), inbox.Options{Publisher: e.pub, TaskEvents: h}), h
}

// instance writes a run of the demo workflow for a company (no Temporal:
// the inbox only needs the row its tasks point at).
func (e *env) instance(t *testing.T, company string) (companyID, instanceID int64) {
	t.Helper()
	ctx := context.Background()
	c := e.seed.Companies[company]
	w, err := e.st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	cw, err := e.st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: c.ID, WorkflowID: w.ID})
	require.NoError(t, err)
	var version int64
	require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT max(id) FROM workflow_versions WHERE workflow_id = $1`, w.ID).Scan(&version))
	id := uuid.New()
	wi, err := e.st.WorkflowInstanceCreate(ctx, store.WorkflowInstanceCreateParams{CompanyID: c.ID, UUID: id,
		CompanyWorkflowID: cw.ID, WorkflowID: w.ID, WorkflowVersionID: version, Parameters: json.RawMessage(`{}`),
		TotalStepsCount: 1, TemporalWorkflowID: "test-" + id.String()})
	require.NoError(t, err)
	return c.ID, wi.ID
}

// wfTask creates a workflow task through the inbox.
func (e *env) wfTask(t *testing.T, svc *inbox.Service, companyID, instanceID int64, category, node string) uuid.UUID {
	t.Helper()
	desc := `<p>Please send the <blink>receipts</blink></p>`
	id, err := e.createWorkflowTask(svc, workflow.NewTask{CompanyID: companyID,
		CategoryID: e.category(category), InstanceID: instanceID, NodeID: node, Title: "Receipts " + node, Description: &desc})
	require.NoError(t, err)
	return id
}

// createWorkflowTask creates a workflow task in a transaction of its own, as
// the workflow engine does in its, and publishes once it commits.
func (e *env) createWorkflowTask(svc *inbox.Service, task workflow.NewTask) (uuid.UUID, error) {
	ctx := context.Background()
	var id uuid.UUID
	var committed func(context.Context)
	err := e.st.InTx(ctx, func(q *store.Queries) (err error) {
		id, committed, err = svc.CreateWorkflowTask(ctx, q, task)
		return err
	})
	if err != nil {
		return uuid.Nil, err
	}
	committed(ctx)
	return id, nil
}

// A workflow task created through the inbox is unread for everyone who may
// read it and counts in inboxStats; cancelling the run's tasks moves the
// counters back; both write the events log and publish to the audience.
func TestWorkflowTaskCreateAndCancel(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	svc, hook := e.withHook()
	acme := e.company("Acme Oy")
	stats := func(email string) inbox.Stats {
		s, err := svc.InboxStats(ctx, e.req(email), inbox.StatsParams{CompanyID: &acme})
		require.NoError(t, err)
		return s
	}
	users := []string{"anna@acme.test", "carl@acme.test", "agent@portico.test", "agentadmin@portico.test"}
	before := map[string]inbox.Stats{}
	for _, u := range users {
		before[u] = stats(u)
	}
	companyID, instanceID := e.instance(t, "Acme Oy")
	e.pub.Take()
	id := e.wfTask(t, svc, companyID, instanceID, "Accounting", "n1")

	require.Equal(t, []string{"admin@portico.test", "agent@portico.test", "agentadmin@portico.test", "anna@acme.test"},
		e.recipients(e.pub.Take(), "inbox_thread.create"), "inbox_thread.create reaches who may read Accounting")
	e.checkCounters(t)
	after := map[string]inbox.Stats{}
	for _, u := range users {
		after[u] = stats(u)
	}
	for _, c := range []struct {
		user       string
		unread, nw int64
	}{
		{"anna@acme.test", 1, 1},
		{"agent@portico.test", 1, 1},
		{"agentadmin@portico.test", 1, 1},
		{"carl@acme.test", 0, 0}, // may not read Accounting
	} {
		require.Equal(t, before[c.user].UnreadCount+c.unread, after[c.user].UnreadCount, "unread of %s", c.user)
		require.Equal(t, before[c.user].NewCount+c.nw, after[c.user].NewCount, "new of %s", c.user)
	}
	task, err := svc.Task(ctx, e.req("anna@acme.test"), id)
	require.NoError(t, err)
	require.Equal(t, "workflow_task", task.TaskType)
	require.False(t, task.Read, "unread for the customer")
	require.NotNil(t, task.Description)
	require.Equal(t, "<p>Please send the receipts</p>", *task.Description, "sanitized like any description")
	var logged int
	require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT count(*) FROM events_log WHERE company_id = $1 AND event_category = 'Inbox'
		AND event_name = 'task_created' AND user_id IS NULL AND data->>'taskId' = $2`, companyID, id.String()).Scan(&logged))
	require.Equal(t, 1, logged, "events log: created by the system")

	// a second task in a sensitive category: carl sees it too
	id2 := e.wfTask(t, svc, companyID, instanceID, "Payroll", "n2")
	require.Contains(t, e.recipients(e.pub.Take(), "inbox_thread.create"), "carl@acme.test")
	require.Equal(t, before["carl@acme.test"].UnreadCount+1, stats("carl@acme.test").UnreadCount)

	// cancelling the run's tasks
	require.NoError(t, svc.CancelWorkflowTasks(ctx, companyID, instanceID))
	require.NoError(t, svc.CancelWorkflowTasks(ctx, companyID, instanceID), "safe to retry")
	e.checkCounters(t)
	for _, u := range users {
		s := stats(u)
		require.Equal(t, before[u].UnreadCount, s.UnreadCount, "unread of %s back", u)
		require.Equal(t, before[u].NewCount, s.NewCount, "new of %s back", u)
	}
	for _, th := range []uuid.UUID{id, id2} {
		got, err := svc.Task(ctx, e.req("agent@portico.test"), th)
		require.NoError(t, err)
		require.Equal(t, inbox.StatusCancelled, got.Status)
	}
	require.Equal(t, []string{"admin@portico.test", "admin@portico.test", "agent@portico.test", "agent@portico.test",
		"agentadmin@portico.test", "agentadmin@portico.test", "anna@acme.test", "anna@acme.test", "carl@acme.test"},
		e.recipients(e.pub.Take(), "inbox_thread.update"), "each cancel is published to its thread's audience")
	require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT count(*) FROM events_log WHERE company_id = $1 AND event_name = 'status_changed'
		AND user_id IS NULL AND data->>'status' = 'cancelled'`, companyID).Scan(&logged))
	require.Equal(t, 2, logged, "one events-log row per cancelled task")
	require.Empty(t, hook.take(), "the engine's own cancel is not told back to it")

	// bad input changes nothing
	_, err = e.createWorkflowTask(svc, workflow.NewTask{CompanyID: companyID, CategoryID: e.category("Accounting") + 9999,
		InstanceID: instanceID, NodeID: "n3", Title: "x"})
	require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	e.checkCounters(t)
	require.Equal(t, before["anna@acme.test"].UnreadCount, stats("anna@acme.test").UnreadCount)
}

// The status hook is called once per workflow_task whose status a user
// changes (single and bulk), after the commit, and never for inbox_task
// threads, unchanged statuses or other fields.
func TestWorkflowTaskStatusHook(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	svc, hook := e.withHook()
	companyID, instanceID := e.instance(t, "Acme Oy")
	wf1 := e.wfTask(t, svc, companyID, instanceID, "Accounting", "a")
	wf2 := e.wfTask(t, svc, companyID, instanceID, "Accounting", "b")
	plain := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "plain").UUID
	agent := e.req("agent@portico.test")
	hook.take()

	for _, c := range []struct {
		name string
		do   func() error
		want []hookCall
	}{
		{"single start of a workflow task", func() error {
			_, err := svc.ChangeStatus(ctx, agent, wf1, inbox.StatusInProgress)
			return err
		}, []hookCall{{wf1, inbox.StatusInProgress}}},
		{"the same status again changes nothing", func() error {
			_, err := svc.ChangeStatus(ctx, agent, wf1, inbox.StatusInProgress)
			return err
		}, nil},
		{"an inbox task", func() error {
			_, err := svc.ChangeStatus(ctx, agent, plain, inbox.StatusClosed)
			return err
		}, nil},
		{"another field of a workflow task", func() error {
			_, err := svc.ChangePriority(ctx, agent, wf2, "high")
			return err
		}, nil},
		{"a refused change", func() error {
			_, err := svc.ChangeStatus(ctx, agent, wf2, inbox.StatusCancelled)
			if err == nil {
				t.Error("cancel is automatic")
			}
			return nil
		}, nil},
		{"bulk close: both workflow tasks once, not the inbox task", func() error {
			_, err := svc.ChangeTasksStatus(ctx, agent, inbox.BulkTarget{TaskIDs: []uuid.UUID{wf1, plain, wf2}}, inbox.StatusClosed)
			return err
		}, []hookCall{{wf1, inbox.StatusClosed}, {wf2, inbox.StatusClosed}}},
		{"single reopen", func() error {
			_, err := svc.ChangeStatus(ctx, agent, wf2, inbox.StatusInProgress)
			return err
		}, []hookCall{{wf2, inbox.StatusInProgress}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.NoError(t, c.do())
			got := hook.take()
			require.ElementsMatch(t, c.want, got)
			require.Len(t, got, len(c.want), "once per changed task")
		})
	}
	e.checkCounters(t)
}

// Hiding an open workflow task cancels it on its way to the bin: the run is
// told "cancelled" like of any status change (its step fails until a retry or
// a cancel), the stream shows the status change and the destroy, and the
// counters follow. A finished workflow task hides without telling the run;
// restoring tells it nothing (the status stays); a staff reopen of the
// restored task tells it again. Inbox tasks never reach the hook.
func TestWorkflowTaskHideAndRestore(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	svc, hook := e.withHook()
	companyID, instanceID := e.instance(t, "Acme Oy")
	open := e.wfTask(t, svc, companyID, instanceID, "Accounting", "open")
	started := e.wfTask(t, svc, companyID, instanceID, "Accounting", "started")
	done := e.wfTask(t, svc, companyID, instanceID, "Accounting", "done")
	plain := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "plain").UUID
	admin, agent := e.req("admin@portico.test"), e.req("agent@portico.test")
	_, err := svc.ChangeStatus(ctx, agent, started, inbox.StatusInProgress)
	require.NoError(t, err)
	_, err = svc.ChangeStatus(ctx, agent, done, inbox.StatusClosed)
	require.NoError(t, err)
	hook.take()
	keys := func(id uuid.UUID) []string {
		rows, err := e.st.Pool.Query(ctx, `SELECT a.key FROM activities a JOIN threads t ON t.company_id = a.company_id
			AND t.id = a.thread_id WHERE t.uuid = $1 ORDER BY a.id`, id)
		require.NoError(t, err)
		out, err := pgx.CollectRows(rows, pgx.RowTo[string])
		require.NoError(t, err)
		return out
	}

	for _, c := range []struct {
		name       string
		id         uuid.UUID
		do         func(uuid.UUID) (*inbox.Task, error)
		wantStatus string
		wantHidden bool
		want       []hookCall
		lastKeys   []string
	}{
		{"hiding a new workflow task cancels it", open, func(id uuid.UUID) (*inbox.Task, error) { return svc.Delete(ctx, admin, id) },
			inbox.StatusCancelled, true, []hookCall{{open, inbox.StatusCancelled}},
			[]string{"status_change_from_created_to_cancelled", "inbox_task.destroy"}},
		{"hiding a started workflow task cancels it", started, func(id uuid.UUID) (*inbox.Task, error) { return svc.Delete(ctx, admin, id) },
			inbox.StatusCancelled, true, []hookCall{{started, inbox.StatusCancelled}},
			[]string{"status_change_from_in_progress_to_cancelled", "inbox_task.destroy"}},
		{"hiding a finished workflow task keeps its status", done, func(id uuid.UUID) (*inbox.Task, error) { return svc.Delete(ctx, admin, id) },
			inbox.StatusClosed, true, nil, []string{"status_change_from_created_to_closed", "inbox_task.destroy"}},
		{"hiding an inbox task", plain, func(id uuid.UUID) (*inbox.Task, error) { return svc.Delete(ctx, admin, id) },
			inbox.StatusCreated, true, nil, []string{"inbox_task.create", "inbox_task.destroy"}},
		{"restoring keeps the cancel and tells the run nothing", open, func(id uuid.UUID) (*inbox.Task, error) { return svc.Restore(ctx, admin, id) },
			inbox.StatusCancelled, false, nil, []string{"inbox_task.destroy", "inbox_task.restore"}},
		{"a staff reopen of the restored task reaches the run", open, func(id uuid.UUID) (*inbox.Task, error) {
			return svc.ChangeStatus(ctx, agent, id, inbox.StatusInProgress)
		}, inbox.StatusInProgress, false, []hookCall{{open, inbox.StatusInProgress}},
			[]string{"inbox_task.restore", "status_change_from_cancelled_to_in_progress"}},
		{"restoring an inbox task", plain, func(id uuid.UUID) (*inbox.Task, error) { return svc.Restore(ctx, admin, id) },
			inbox.StatusCreated, false, nil, []string{"inbox_task.destroy", "inbox_task.restore"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			task, err := c.do(c.id)
			require.NoError(t, err)
			require.Equal(t, c.wantStatus, task.Status)
			require.Equal(t, c.wantHidden, task.Hidden)
			require.ElementsMatch(t, c.want, hook.take())
			k := keys(c.id)
			require.Equal(t, c.lastKeys, k[len(k)-len(c.lastKeys):], "the stream ends with")
			e.checkCounters(t)
		})
	}

	// the cancel by hiding is logged with the thread's status
	var logged int
	require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT count(*) FROM events_log WHERE company_id = $1 AND event_name = 'task_deleted'
		AND data->>'status' = 'cancelled'`, companyID).Scan(&logged))
	require.Equal(t, 2, logged)
	// a hidden thread refuses a second hide, changing nothing and telling no one
	_, err = svc.Delete(ctx, admin, done)
	require.Equal(t, "ARGUMENT_ERROR:thread_is_hidden", code(err))
	require.Empty(t, hook.take())
}
