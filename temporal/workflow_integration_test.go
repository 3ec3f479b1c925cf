package temporal_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"
	sdktemporal "go.temporal.io/sdk/temporal"
	sdkworker "go.temporal.io/sdk/worker"
	"google.golang.org/protobuf/encoding/protojson"

	"portico/activities"
	"portico/demo"
	"portico/devstack"
	"portico/engine/apperr"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
	wfservice "portico/engine/workflow"
	"portico/engine/workflow/contract"
	wf "portico/engine/workflow/graph"
	"portico/temporal"
	"portico/worker"
)

// engineEnv is the workflow engine on a real Temporal dev server (in memory),
// a worker in this process on its own task queue, and a real database.
type engineEnv struct {
	c      client.Client
	st     *store.Store
	svc    *wfservice.Service
	events *wfservice.TaskEventRelay // what the inbox tells of its tasks' status changes
	inbox  *inbox.Service            // writes the runs' tasks and tells their runs of status changes
	seed   demo.Seeded
	queue  string
	worker sdkworker.Worker
	admin  org.Request
}

// devTemporal starts a Temporal dev server for the test and dials it; both
// end with the test.
func devTemporal(t testing.TB, ctx context.Context) client.Client {
	t.Helper()
	ts, err := devstack.StartTemporal(ctx, devstack.TemporalOptions{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = ts.Stop() })
	c, err := client.Dial(client.Options{HostPort: ts.HostPort(), Namespace: "default", Logger: quiet})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

func startEngine(t testing.TB, ctx context.Context) *engineEnv {
	t.Helper()
	c := devTemporal(t, ctx)
	st := dbtest.Store(t)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	e := &engineEnv{c: c, st: st, seed: seed, queue: "workflow-engine-test-" + uuid.NewString()[:8],
		admin: org.Request{User: seed.Users["admin@portico.test"], AdminPanel: true}}
	runner := temporal.NewRunner(temporal.Deps{Client: c, TaskQueue: e.queue})
	e.events = wfservice.NewTaskEventRelay(st, runner)
	e.inbox = inbox.New(st, org.NewDirectory(st), inbox.Options{TaskEvents: e.events})
	e.svc = wfservice.New(wfservice.Deps{Store: st, Directory: org.NewDirectory(st), Runner: runner, Tasks: e.inbox})
	e.startWorker(t)
	return e
}

func (e *engineEnv) startWorker(t testing.TB) {
	t.Helper()
	w := sdkworker.New(e.c, e.queue, sdkworker.Options{})
	worker.WorkflowEngine(activities.NewWorkflow(activities.WorkflowDeps{Engine: e.svc}))(w)
	require.NoError(t, w.Start())
	e.worker = w
	t.Cleanup(w.Stop)
}

// assign publishes a structure and assigns it to Acme Oy for fi.
func (e *engineEnv) assign(t testing.TB, ctx context.Context, name string, structure json.RawMessage, holidays bool) wfservice.CompanyWorkflow {
	t.Helper()
	accounting := e.seed.Categories["Accounting"].ID
	fi := e.seed.Countries["fi"].ID
	w, err := e.svc.CreateWorkflow(ctx, e.admin, wfservice.WorkflowInput{Name: &name, CategoryID: &accounting,
		Structure: structure, Draft: new(bool), ConsiderHolidays: &holidays, CountryIDs: &[]int64{fi}})
	require.NoError(t, err)
	cw, err := e.svc.Assign(ctx, e.admin, w.UUID, e.seed.Companies["Acme Oy"].UUID, fi)
	require.NoError(t, err)
	return cw
}

// taskOf waits until the run's step has a task other than the ones given, and returns it.
func (e *engineEnv) taskOf(t *testing.T, ctx context.Context, run uuid.UUID, node string, not ...uuid.UUID) uuid.UUID {
	t.Helper()
	var found uuid.UUID
	require.Eventually(t, func() bool {
		err := e.st.Pool.QueryRow(ctx, `SELECT t.uuid FROM workflow_instance_steps s
			JOIN workflow_instances i ON i.company_id = s.company_id AND i.id = s.instance_id
			JOIN threads t ON t.company_id = s.company_id AND t.id = s.thread_id
			WHERE i.uuid = $1 AND s.node_id = $2`, run, node).Scan(&found)
		if err != nil {
			return false
		}
		for _, n := range not {
			if n == found {
				return false
			}
		}
		return true
	}, time.Minute, 100*time.Millisecond, "the task of %s appears in the inbox", node)
	return found
}

// setStatus does what the inbox does when a user changes a workflow task's
// status: the thread changes, then the run is told.
func (e *engineEnv) setStatus(t *testing.T, ctx context.Context, thread uuid.UUID, status string) {
	t.Helper()
	_, err := e.st.Pool.Exec(ctx, `UPDATE threads SET status = $2 WHERE uuid = $1`, thread, status)
	require.NoError(t, err)
	require.NoError(t, e.events.TaskStatusChanged(ctx, thread, status))
}

func (e *engineEnv) instance(t *testing.T, ctx context.Context, id uuid.UUID) wfservice.InstanceDetail {
	t.Helper()
	d, err := e.svc.Instance(ctx, e.admin.User, true, nil, id)
	require.NoError(t, err)
	return d
}

func twoTasks() json.RawMessage {
	b, _ := json.Marshal(map[string]any{
		"nodes": []any{
			map[string]any{"id": "s", "type": "start"},
			map[string]any{"id": "A", "type": "task", "data": map[string]any{"title": "First", "assignee": map[string]any{"type": "responsible"},
				"dueDate": map[string]any{"type": "offset", "days": 3}}},
			map[string]any{"id": "B", "type": "task", "data": map[string]any{"title": "Second", "assignee": map[string]any{"type": "nobody"}}},
			map[string]any{"id": "e", "type": "end"},
		},
		"edges": []any{
			map[string]any{"id": "e1", "source": "s", "target": "A"}, map[string]any{"id": "e2", "source": "A", "target": "B"},
			map[string]any{"id": "e3", "source": "B", "target": "e"},
		},
	})
	return b
}

// TestWorkflowEngineOnTemporal runs the workflow engine on a real Temporal
// dev server: runs that create inbox tasks and move on when they are closed,
// cancel, retry, and a trigger that fires at its time across a worker restart.
func TestWorkflowEngineOnTemporal(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	e := startEngine(t, ctx)
	cw := e.assign(t, ctx, "Engine on Temporal", twoTasks(), true)

	t.Run("a run creates its tasks in the inbox, moves on as they close, and completes", func(t *testing.T) {
		run, err := e.svc.Start(ctx, e.admin, cw.UUID, nil)
		require.NoError(t, err)
		a := e.taskOf(t, ctx, run.UUID, "A")
		var typ, status string
		var company int64
		var due *time.Time
		require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT task_type, status, company_id, due_date FROM threads WHERE uuid = $1`, a).
			Scan(&typ, &status, &company, &due))
		assert.Equal(t, "workflow_task", typ)
		assert.Equal(t, "created", status)
		assert.Equal(t, e.seed.Companies["Acme Oy"].ID, company, "in Acme Oy's inbox")
		assert.NotNil(t, due, "a due date from its rule")
		assert.Equal(t, contract.StateRunning, e.instance(t, ctx, run.UUID).State)

		e.setStatus(t, ctx, a, "closed")
		b := e.taskOf(t, ctx, run.UUID, "B")
		e.setStatus(t, ctx, b, "closed")
		require.NoError(t, e.c.GetWorkflow(ctx, run.TemporalWorkflowID, "").Get(ctx, nil))
		d := e.instance(t, ctx, run.UUID)
		assert.Equal(t, contract.StateCompleted, d.State)
		assert.EqualValues(t, 2, d.CompletedStepsCount)
		assert.EqualValues(t, 2, d.TotalStepsCount)
		assert.NotNil(t, d.EndedAt)
		recordRunHistory(t, ctx, e.c, run.TemporalWorkflowID, "instance_run_completed.json")
	})

	t.Run("cancel stops the run and cancels its open tasks", func(t *testing.T) {
		run, err := e.svc.Start(ctx, e.admin, cw.UUID, nil)
		require.NoError(t, err)
		a := e.taskOf(t, ctx, run.UUID, "A")
		_, err = e.svc.Cancel(ctx, e.admin, run.UUID)
		require.NoError(t, err)
		err = e.c.GetWorkflow(ctx, run.TemporalWorkflowID, "").Get(ctx, nil)
		var ce *sdktemporal.CanceledError
		require.True(t, errors.As(err, &ce), "the run ends cancelled: %v", err)
		var status string
		require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT status FROM threads WHERE uuid = $1`, a).Scan(&status))
		assert.Equal(t, "cancelled", status, "its open task is cancelled")
		d := e.instance(t, ctx, run.UUID)
		assert.Equal(t, contract.StateCancelled, d.State)
		require.NotNil(t, d.CancelledBy)
		_, err = e.svc.Cancel(ctx, e.admin, run.UUID)
		assert.Equal(t, wfservice.KeyFailedToCancel, keyOf(err), "a finished run cannot be cancelled again")
		recordRunHistory(t, ctx, e.c, run.TemporalWorkflowID, "instance_run_cancelled.json")
	})

	t.Run("retry resumes a failed run from its failed step", func(t *testing.T) {
		run, err := e.svc.Start(ctx, e.admin, cw.UUID, nil)
		require.NoError(t, err)
		a := e.taskOf(t, ctx, run.UUID, "A")
		e.setStatus(t, ctx, a, "closed")
		b := e.taskOf(t, ctx, run.UUID, "B")
		e.setStatus(t, ctx, b, "failed")
		require.Eventually(t, func() bool { return e.instance(t, ctx, run.UUID).State == contract.StateFailed },
			time.Minute, 100*time.Millisecond)
		d := e.instance(t, ctx, run.UUID)
		require.NotNil(t, d.FailedNodeID)
		assert.Equal(t, "B", *d.FailedNodeID, "the failing step is recorded")
		assert.Equal(t, "task_failed", *d.FailureReason)

		_, err = e.svc.Retry(ctx, e.admin, run.UUID)
		require.NoError(t, err)
		b2 := e.taskOf(t, ctx, run.UUID, "B", b)
		assert.Equal(t, a, e.taskOf(t, ctx, run.UUID, "A"), "the steps before it are kept, not run again")
		e.setStatus(t, ctx, b2, "closed")
		require.NoError(t, e.c.GetWorkflow(ctx, run.TemporalWorkflowID, "").Get(ctx, nil))
		d = e.instance(t, ctx, run.UUID)
		assert.Equal(t, contract.StateCompleted, d.State)
		assert.EqualValues(t, 2, d.CompletedStepsCount)
		recordRunHistory(t, ctx, e.c, run.TemporalWorkflowID, "instance_run_retried.json")
	})

	t.Run("retry and cancel still work when the run's Temporal execution is gone", func(t *testing.T) {
		run, err := e.svc.Start(ctx, e.admin, cw.UUID, nil)
		require.NoError(t, err)
		a := e.taskOf(t, ctx, run.UUID, "A")
		e.setStatus(t, ctx, a, "closed")
		b := e.taskOf(t, ctx, run.UUID, "B")
		e.setStatus(t, ctx, b, "failed")
		require.Eventually(t, func() bool { return e.instance(t, ctx, run.UUID).State == contract.StateFailed },
			time.Minute, 100*time.Millisecond)
		require.NoError(t, e.c.TerminateWorkflow(ctx, run.TemporalWorkflowID, "", "operator cleanup"))

		_, err = e.svc.Retry(ctx, e.admin, run.UUID)
		require.NoError(t, err, "a new execution is started")
		b2 := e.taskOf(t, ctx, run.UUID, "B", b)
		assert.Equal(t, a, e.taskOf(t, ctx, run.UUID, "A"), "the new execution walks past the step already done")

		require.NoError(t, e.c.TerminateWorkflow(ctx, run.TemporalWorkflowID, "", "operator cleanup"))
		_, err = e.svc.Cancel(ctx, e.admin, run.UUID)
		require.NoError(t, err)
		d := e.instance(t, ctx, run.UUID)
		assert.Equal(t, contract.StateCancelled, d.State)
		var status string
		require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT status FROM threads WHERE uuid = $1`, b2).Scan(&status))
		assert.Equal(t, "cancelled", status, "its open task is cancelled even without a run to do it")
	})

	t.Run("a trigger fires at its computed time and survives a worker restart", func(t *testing.T) {
		tcw := e.assign(t, ctx, "Engine trigger", twoTasks(), false)
		// a daily schedule at the next whole minute at least 20 s away, in Helsinki
		loc, err := wf.LoadLocation("Europe/Helsinki")
		require.NoError(t, err)
		at := time.Now().In(loc).Add(20 * time.Second).Truncate(time.Minute).Add(time.Minute)
		schedule, _ := json.Marshal(map[string]any{
			"recurrencePattern":    map[string]any{"type": "daily", "timeOfDay": at.Format("15:04"), "dailyPattern": map[string]any{"type": "every_n_days", "interval": 1}},
			"scheduleEndCondition": map[string]any{"type": "no_end"},
			"scheduleStartDate":    at.Format("2006-01-02"),
		})
		saved, err := e.svc.ManageTriggers(ctx, e.admin, tcw.UUID, []wfservice.TriggerInput{{TriggerType: "schedule", Data: schedule}})
		require.NoError(t, err)
		require.NotNil(t, saved.Triggers[0].NextRunAt)
		assert.True(t, saved.Triggers[0].NextRunAt.Equal(at), "next run %s, want %s", saved.Triggers[0].NextRunAt, at)
		// the trigger process sleeps on its durable timer; the worker goes away and comes back
		require.Eventually(t, func() bool {
			d, err := e.c.DescribeWorkflowExecution(ctx, contract.TriggerWorkflowID(tcw.UUID), "")
			return err == nil && d.GetWorkflowExecutionInfo().GetHistoryLength() > 3
		}, time.Minute, 100*time.Millisecond, "the trigger process is waiting")
		e.worker.Stop()
		time.Sleep(2 * time.Second) // not an assertion: the worker stays away a moment
		e.startWorker(t)

		var run uuid.UUID
		var created time.Time
		require.Eventually(t, func() bool {
			return e.st.Pool.QueryRow(ctx, `SELECT uuid, created_at FROM workflow_instances
				WHERE company_workflow_id = $1 AND trigger_id IS NOT NULL`, tcw.ID).Scan(&run, &created) == nil
		}, 3*time.Minute, 250*time.Millisecond, "the trigger starts a run")
		assert.False(t, created.Before(at), "not before its time (%s < %s)", created, at)
		e.taskOf(t, ctx, run, "A")
		desc, err := e.c.DescribeWorkflowExecution(ctx, contract.TemporalWorkflowID(run), "")
		require.NoError(t, err)
		assert.Equal(t, "instance/"+run.String(), desc.GetWorkflowExecutionInfo().GetExecution().GetWorkflowId())
		d := e.instance(t, ctx, run)
		assert.Equal(t, contract.StateRunning, d.State)
		_, err = e.svc.Cancel(ctx, e.admin, run)
		require.NoError(t, err)
		var ce *sdktemporal.CanceledError
		require.ErrorAs(t, e.c.GetWorkflow(ctx, contract.TemporalWorkflowID(run), "").Get(ctx, nil), &ce)
		// unassigning the workflow ends its trigger process
		require.NoError(t, e.svc.Unassign(ctx, e.admin, tcw.Workflow.UUID, e.seed.Companies["Acme Oy"].UUID, nil))
		require.NoError(t, e.c.GetWorkflow(ctx, contract.TriggerWorkflowID(tcw.UUID), "").Get(ctx, nil))
	})
}

func keyOf(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Message
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

// recordRunHistory writes a run's history for the replay test when
// PORTICO_RECORD_HISTORY is set (go test -run TestWorkflowEngineOnTemporal).
func recordRunHistory(t *testing.T, ctx context.Context, c client.Client, workflowID, file string) {
	if os.Getenv("PORTICO_RECORD_HISTORY") == "" {
		return
	}
	h := &historypb.History{}
	it := c.GetWorkflowHistory(ctx, workflowID, "", false, 0)
	for it.HasNext() {
		ev, err := it.Next()
		require.NoError(t, err)
		h.Events = append(h.Events, ev)
	}
	b, err := protojson.MarshalOptions{Indent: "  "}.Marshal(h)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join("testdata", file), b, 0o644))
	t.Logf("recorded %d events in %s", len(h.Events), file)
}
