package workflow_test

import (
	"context"
	"log/slog"
	"slices"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/inbox"
	"portico/engine/notify"
	"portico/engine/notify/notifytest"
	"portico/engine/org"
	"portico/engine/store/dbtest"
	"portico/engine/workflow"
	"portico/engine/workflow/contract"
)

// recorder keeps the realtime events the service publishes.
type recorder struct{ notifytest.Recorder }

func (r *recorder) runEvents(run uuid.UUID) []notify.Event {
	var out []notify.Event
	for _, ev := range r.Events() {
		if ev.Key == workflow.RunEventKey && ev.Data["uuid"] == run {
			out = append(out, ev)
		}
	}
	return out
}

func TestRunsPageByKeysetAndFilterByWorkflow(t *testing.T) {
	t.Parallel()
	e := setupOn(t, dbtest.FreshStore(t)) // it counts Acme's runs
	ctx := context.Background()
	a := e.assigned(t, "Keyset A", false)
	b := e.assigned(t, "Keyset B", false)
	acme := e.seed.Companies["Acme Oy"].UUID
	admin := e.seed.Users["admin@portico.test"]
	var started []uuid.UUID
	for i := range 7 {
		cw := a
		if i%3 == 2 {
			cw = b
		}
		run, err := e.svc.Start(ctx, e.admin(), cw.UUID, nil)
		require.NoError(t, err)
		started = append(started, run.UUID)
	}
	slices.Reverse(started) // newest first

	var seen []uuid.UUID
	var last *uuid.UUID
	for range 4 {
		page, total, err := e.svc.Instances(ctx, admin, true, workflow.InstanceFilter{CompanyID: &acme, Limit: 3, LastID: last,
			WorkflowIDs: []uuid.UUID{a.Workflow.UUID, b.Workflow.UUID}})
		require.NoError(t, err)
		assert.Equal(t, 7, total)
		for _, r := range page {
			seen = append(seen, r.UUID)
		}
		if len(page) < 3 {
			break
		}
		last = &page[len(page)-1].UUID
	}
	assert.Equal(t, started, seen, "every run once, newest first, page after page")

	onlyB, total, err := e.svc.Instances(ctx, admin, true, workflow.InstanceFilter{CompanyID: &acme, WorkflowIDs: []uuid.UUID{b.Workflow.UUID}})
	require.NoError(t, err)
	assert.Equal(t, 2, total)
	for _, r := range onlyB {
		assert.Equal(t, b.Workflow.UUID, r.Workflow.UUID)
	}

	// a cursor the viewer cannot see is not found, not an empty page
	unknown := uuid.New()
	_, _, err = e.svc.Instances(ctx, admin, true, workflow.InstanceFilter{CompanyID: &acme, LastID: &unknown})
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	borealis := e.seed.Companies["Borealis AB"].UUID
	_, _, err = e.svc.Instances(ctx, admin, true, workflow.InstanceFilter{CompanyID: &borealis, LastID: &started[0]})
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "a run of another company is no cursor here")
}

func TestRunChangesReachTheCompanyStaffLive(t *testing.T) {
	t.Parallel()
	e := setup(t)
	rec := &recorder{}
	dir := org.NewDirectory(e.st)
	svc := workflow.New(workflow.Deps{Store: e.st, Directory: dir, Runner: e.runner, Tasks: inbox.New(e.st, dir, inbox.Options{}),
		Publisher: rec, SearchAttributes: true, Log: slog.New(slog.DiscardHandler)})
	ctx := context.Background()
	cw := e.assigned(t, "Live run", false)
	run, err := svc.Start(ctx, e.admin(), cw.UUID, nil)
	require.NoError(t, err)
	require.Len(t, rec.runEvents(run.UUID), 1, "the start")

	plan, err := svc.BeginRun(ctx, run.UUID)
	require.NoError(t, err)
	require.NotNil(t, plan.Labels, "the run's memo and search attributes")
	assert.Equal(t, contract.Labels{CompanyID: e.seed.Companies["Acme Oy"].UUID.String(), CompanyName: "Acme Oy",
		WorkflowID: cw.Workflow.UUID.String(), WorkflowName: "Live run", Version: 1, TriggerType: "manual", SearchAttributes: true}, *plan.Labels)

	_, err = svc.BeginTask(ctx, contract.BeginTaskInput{Instance: run.UUID, Node: "t", RunStart: day("2027-01-07T10:00:00Z")})
	require.NoError(t, err)
	events := rec.runEvents(run.UUID)
	require.Len(t, events, 3, "start, begin, the first step running")
	ev := events[2]
	assert.Equal(t, "running", ev.Data["state"])
	assert.Equal(t, e.seed.Companies["Acme Oy"].UUID, ev.Data["companyId"])
	assert.Contains(t, ev.Users, e.seed.Users["agent@portico.test"].UUID, "the company's staff")
	assert.Contains(t, ev.Users, e.seed.Users["admin@portico.test"].UUID, "the global admins")
	assert.NotContains(t, ev.Users, e.seed.Users["anna@acme.test"].UUID, "not its customers")
	assert.NotContains(t, ev.Users, e.seed.Users["eva@borealis.test"].UUID)

	require.NoError(t, svc.FinishStep(ctx, contract.FinishStepInput{Instance: run.UUID, Node: "t", State: contract.StepCompleted, Outcome: "completed"}))
	events = rec.runEvents(run.UUID)
	require.Len(t, events, 4, "the step's end")
	assert.EqualValues(t, 1, events[3].Data["completedStepsCount"])
	require.NoError(t, svc.CompleteRun(ctx, run.UUID))
	events = rec.runEvents(run.UUID)
	assert.Equal(t, "completed", events[len(events)-1].Data["state"])

	// cancelling it now is refused and tells nobody anything
	before := len(rec.runEvents(run.UUID))
	_, err = svc.Cancel(ctx, e.admin(), run.UUID)
	assert.Equal(t, "ARGUMENT_ERROR:failed_to_cancel_workflow_instance", code(err))
	_, err = svc.Retry(ctx, e.admin(), run.UUID)
	assert.Equal(t, "ARGUMENT_ERROR:failed_to_retry_workflow_instance", code(err), "a run that did not fail")
	assert.Len(t, rec.runEvents(run.UUID), before)
}
