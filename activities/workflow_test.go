package activities_test

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/activity"
	sdktemporal "go.temporal.io/sdk/temporal"

	"portico/activities"
	"portico/demo"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
	"portico/engine/workflow"
	"portico/engine/workflow/contract"
	"portico/engine/workflow/workflowtest"
	"portico/temporal"
)

type env struct {
	st    *store.Store
	svc   *workflow.Service
	act   *activities.Workflow
	seed  demo.Seeded
	admin org.Request
}

func setup(t *testing.T) env {
	t.Helper()
	st := dbtest.Store(t)
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(t, err)
	dir := org.NewDirectory(st)
	runner := &workflowtest.Runner{} // Temporal, which these tests do not run: the activities are what a run calls, here called directly
	ib := inbox.New(st, dir, inbox.Options{TaskEvents: workflow.NewTaskEventRelay(st, runner)})
	svc := workflow.New(workflow.Deps{Store: st, Directory: dir, Runner: runner, Tasks: ib})
	return env{st: st, svc: svc, act: activities.NewWorkflow(activities.WorkflowDeps{Engine: svc}), seed: seed,
		admin: org.Request{User: seed.Users["admin@portico.test"], AdminPanel: true}}
}

func raw(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// assigned publishes start → wait (1 hour) → task t → end and assigns it to
// Acme Oy for fi.
func (e env) assigned(t *testing.T, name string) workflow.CompanyWorkflow {
	t.Helper()
	ctx := context.Background()
	structure := raw(t, map[string]any{
		"nodes": []any{map[string]any{"id": "s", "type": "start", "data": map[string]any{}},
			map[string]any{"id": "w", "type": "wait", "data": map[string]any{"type": "duration", "hours": 1}},
			map[string]any{"id": "t", "type": "task", "data": map[string]any{"title": "Do it", "assignee": map[string]any{"type": "nobody"}}},
			map[string]any{"id": "e", "type": "end"}},
		"edges": []any{map[string]any{"id": "e1", "source": "s", "target": "w"}, map[string]any{"id": "e2", "source": "w", "target": "t"},
			map[string]any{"id": "e3", "source": "t", "target": "e"}},
	})
	accounting, fi := e.seed.Categories["Accounting"].ID, e.seed.Countries["fi"].ID
	draft := false
	w, err := e.svc.CreateWorkflow(ctx, e.admin, workflow.WorkflowInput{Name: &name, CategoryID: &accounting, Draft: &draft,
		Structure: structure, CountryIDs: &[]int64{fi}})
	require.NoError(t, err)
	cw, err := e.svc.Assign(ctx, e.admin, w.UUID, e.seed.Companies["Acme Oy"].UUID, fi)
	require.NoError(t, err)
	return cw
}

// running starts a run of a new assignment and begins it.
func (e env) running(t *testing.T, name string) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	run, err := e.svc.Start(ctx, e.admin, e.assigned(t, name).UUID, nil)
	require.NoError(t, err)
	_, err = e.act.BeginRun(ctx, run.UUID)
	require.NoError(t, err)
	return run.UUID
}

func (e env) state(t *testing.T, run uuid.UUID) string {
	t.Helper()
	wi, err := e.st.WorkflowInstanceGetByUUID(context.Background(), run)
	require.NoError(t, err)
	return wi.State
}

// registry records what a worker would register.
type registry struct{ names []string }

func (r *registry) RegisterActivityWithOptions(_ any, o activity.RegisterOptions) {
	r.names = append(r.names, o.Name)
}

func TestWorkflowActivitiesRegisterUnderTheirStableNames(t *testing.T) {
	var r registry
	activities.NewWorkflow(activities.WorkflowDeps{}).Register(&r)
	sort.Strings(r.names)
	assert.Equal(t, []string{temporal.ActBeginRun, temporal.ActBeginTask, temporal.ActBeginWait, temporal.ActCancelRun,
		temporal.ActCompleteRun, temporal.ActCreateScheduledRun, temporal.ActFailStep, temporal.ActFinishStep,
		temporal.ActNextFire, temporal.ActResumeRun, temporal.ActTaskStatus}, r.names)
}

// A run walked through its activities: each writes what the run's history
// says, and each is safe to call again.
func TestWorkflowActivitiesWalkARun(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	cw := e.assigned(t, "Activities walk")
	run, err := e.svc.Start(ctx, e.admin, cw.UUID, nil)
	require.NoError(t, err)

	plan, err := e.act.BeginRun(ctx, run.UUID)
	require.NoError(t, err)
	assert.Equal(t, contract.StateRunning, plan.State)
	assert.Equal(t, contract.StateRunning, e.state(t, run.UUID))

	from := time.Date(2027, 1, 7, 10, 0, 0, 0, time.UTC)
	until, err := e.act.BeginWait(ctx, contract.BeginWaitInput{Instance: run.UUID, Node: "w", From: from})
	require.NoError(t, err)
	assert.Equal(t, from.Add(time.Hour), until.UTC())
	require.NoError(t, e.act.FinishStep(ctx, contract.FinishStepInput{Instance: run.UUID, Node: "w", State: contract.StepCompleted}))

	begin := contract.BeginTaskInput{Instance: run.UUID, Node: "t", RunStart: from}
	res, err := e.act.BeginTask(ctx, begin)
	require.NoError(t, err)
	thread, err := uuid.Parse(res.Thread)
	require.NoError(t, err)
	again, err := e.act.BeginTask(ctx, begin)
	require.NoError(t, err)
	assert.Equal(t, res, again, "a retried BeginTask answers the task it created")
	var threads int
	require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT count(*) FROM threads t JOIN workflow_instances wi
		ON wi.company_id = t.company_id AND wi.id = t.workflow_instance_id WHERE wi.uuid = $1`, run.UUID).Scan(&threads))
	assert.Equal(t, 1, threads, "one task, in the inbox")

	ch, err := e.act.TaskStatus(ctx, contract.StepRef{Instance: run.UUID, Node: "t"})
	require.NoError(t, err)
	assert.Equal(t, contract.TaskChange{NodeID: "t", Thread: thread, Status: inbox.StatusCreated}, ch)

	require.NoError(t, e.act.FailStep(ctx, contract.FailStepInput{Instance: run.UUID, Node: "t", Reason: "task_failed"}))
	assert.Equal(t, contract.StateFailed, e.state(t, run.UUID))
	require.NoError(t, e.act.ResumeRun(ctx, run.UUID))
	assert.Equal(t, contract.StateRunning, e.state(t, run.UUID))

	finish := contract.FinishStepInput{Instance: run.UUID, Node: "t", State: contract.StepCompleted, Outcome: "completed"}
	require.NoError(t, e.act.FinishStep(ctx, finish))
	require.NoError(t, e.act.FinishStep(ctx, finish), "safe to retry")
	require.NoError(t, e.act.CompleteRun(ctx, run.UUID))
	assert.Equal(t, contract.StateCompleted, e.state(t, run.UUID))

	stopped, err := e.act.BeginTask(ctx, begin)
	require.NoError(t, err)
	assert.True(t, stopped.Stopped, "a finished run begins no task")
}

func TestWorkflowActivityCancelRunCancelsItsTasks(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	run := e.running(t, "Activities cancel")
	res, err := e.act.BeginTask(ctx, contract.BeginTaskInput{Instance: run, Node: "t", RunStart: time.Now()})
	require.NoError(t, err)
	_, err = e.svc.Cancel(ctx, e.admin, run)
	require.NoError(t, err)

	require.NoError(t, e.act.CancelRun(ctx, run))
	require.NoError(t, e.act.CancelRun(ctx, run), "safe to retry")
	th, err := e.st.WorkflowTaskThreadByUUID(ctx, uuid.MustParse(res.Thread))
	require.NoError(t, err)
	assert.Equal(t, inbox.StatusCancelled, th.Status)
	assert.Equal(t, contract.StateCancelled, e.state(t, run))
}

func TestWorkflowActivitiesFireScheduledRuns(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	cw := e.assigned(t, "Activities fire")
	schedule := raw(t, map[string]any{"recurrencePattern": map[string]any{"type": "daily", "timeOfDay": "08:00",
		"dailyPattern": map[string]any{"type": "every_weekday"}}, "scheduleEndCondition": map[string]any{"type": "no_end"},
		"scheduleStartDate": "2026-01-01"})
	saved, err := e.svc.ManageTriggers(ctx, e.admin, cw.UUID, []workflow.TriggerInput{{TriggerType: "schedule", Data: schedule}})
	require.NoError(t, err)

	fire, err := e.act.NextFire(ctx, contract.NextFireInput{CompanyWorkflow: cw.UUID, After: time.Date(2027, 1, 8, 12, 0, 0, 0, time.UTC)})
	require.NoError(t, err)
	require.True(t, fire.Found)
	assert.Equal(t, saved.Triggers[0].UUID, fire.Trigger)
	assert.Equal(t, time.Date(2027, 1, 11, 6, 0, 0, 0, time.UTC), fire.At.UTC(), "Monday 08:00 in Helsinki after a Friday noon")

	in := contract.ScheduledRunInput{CompanyWorkflow: cw.UUID, Trigger: fire.Trigger, Instance: uuid.New()}
	created, err := e.act.CreateScheduledRun(ctx, in)
	require.NoError(t, err)
	assert.True(t, created)
	created, err = e.act.CreateScheduledRun(ctx, in)
	require.NoError(t, err)
	assert.True(t, created, "a retried call finds the run it wrote")
	assert.Equal(t, contract.StatePending, e.state(t, in.Instance))

	gone, err := e.act.NextFire(ctx, contract.NextFireInput{CompanyWorkflow: uuid.New(), After: time.Now()})
	require.NoError(t, err)
	assert.True(t, gone.Gone, "an unassigned company workflow ends its trigger process")
}

// The engine's permanent errors reach Temporal as non-retryable, with their
// reason as the message (the run records it as the failed step's reason).
func TestWorkflowActivityPermanentErrorsAreNotRetried(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	run := e.running(t, "Activities permanent")

	_, err := e.act.BeginTask(ctx, contract.BeginTaskInput{Instance: run, Node: "nowhere", RunStart: time.Now()})
	var ae *sdktemporal.ApplicationError
	require.True(t, errors.As(err, &ae), "got %v", err)
	assert.True(t, ae.NonRetryable())
	assert.Equal(t, temporal.PermanentErrorType, ae.Type())
	assert.Equal(t, "unknown_node", ae.Message())

	_, err = e.act.BeginRun(ctx, uuid.New())
	require.Error(t, err)
	assert.False(t, errors.As(err, &ae), "a run not yet visible is retried")
}
