package workflow_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
	"portico/engine/workflow"
	"portico/engine/workflow/contract"
)

func TestPreview(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	cw := e.assigned(t, "Preview", false)
	var field int64
	require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO dynamic_fields (category_id, name, title, field_type)
		VALUES ($1, 'preview_closing_day', 'Closing day', 'anchor_date') RETURNING id`, e.seed.Categories["Accounting"].ID).Scan(&field))
	_, err := e.st.Pool.Exec(ctx, `INSERT INTO dynamic_field_values (company_id, dynamic_field_id, value) VALUES ($1, $2, $3)`,
		cw.CompanyID, field, `{"day_number": 1, "date_type": "day_of_month", "holiday_handling": "next_weekday"}`)
	require.NoError(t, err)
	monthly6th := raw(map[string]any{"recurrencePattern": map[string]any{"type": "monthly", "timeOfDay": "08:00",
		"monthlyPattern": map[string]any{"type": "day_of_month", "day": 6}}, "scheduleEndCondition": map[string]any{"type": "no_end"},
		"scheduleStartDate": "2026-01-01", "reportingPeriod": "previous_month"})
	after := day("2026-12-31T12:00:00Z")
	admin := e.seed.Users["admin@portico.test"]
	acme := e.seed.Companies["Acme Oy"].UUID
	fi := e.seed.Countries["fi"].ID

	cases := []struct {
		name string
		in   workflow.PreviewInput
		// run date, nominal date, days moved over, first task's due date
		want [][4]string
	}{
		{"a schedule moved off Epiphany and a Saturday, for a company",
			workflow.PreviewInput{WorkflowID: cw.Workflow.UUID, CompanyID: &acme, Count: 2, After: &after,
				Triggers: []workflow.TriggerInput{{TriggerType: "schedule", Data: monthly6th}}},
			[][4]string{{"2027-01-07", "2027-01-06", "2027-01-06", "2027-01-11"}, {"2027-02-08", "2027-02-06", "2027-02-06 2027-02-07", "2027-02-10"}}},
		{"the same before any company, for a country",
			workflow.PreviewInput{WorkflowID: cw.Workflow.UUID, CountryID: &fi, Count: 1, After: &after,
				Triggers: []workflow.TriggerInput{{TriggerType: "schedule", Data: monthly6th}}},
			[][4]string{{"2027-01-07", "2027-01-06", "2027-01-06", "2027-01-11"}}},
		{"an anchor date moved over New Year and a weekend",
			workflow.PreviewInput{WorkflowID: cw.Workflow.UUID, CompanyID: &acme, Count: 1, After: &after,
				Triggers: []workflow.TriggerInput{{TriggerType: "anchor_date", Data: raw(map[string]any{"dynamicFieldId": field, "timeOfDay": "09:00"})}}},
			[][4]string{{"2027-01-04", "2027-01-01", "2027-01-01 2027-01-02 2027-01-03", "2027-01-07"}}}, // due: 5 Jan, then 7 Jan past Epiphany
		{"an anchor date 5 days on lands on Epiphany and moves to the weekday after",
			workflow.PreviewInput{WorkflowID: cw.Workflow.UUID, CompanyID: &acme, Count: 1, After: &after,
				Triggers: []workflow.TriggerInput{{TriggerType: "anchor_date", Data: raw(map[string]any{"dynamicFieldId": field, "offsetDays": 5, "timeOfDay": "09:00"})}}},
			[][4]string{{"2027-01-07", "2027-01-06", "2027-01-06", "2027-01-11"}}},
		{"an anchor date 3 days before: 29 December has passed, so 29 January",
			workflow.PreviewInput{WorkflowID: cw.Workflow.UUID, CompanyID: &acme, Count: 2, After: &after,
				Triggers: []workflow.TriggerInput{{TriggerType: "anchor_date", Data: raw(map[string]any{"dynamicFieldId": field, "offsetDays": -3, "timeOfDay": "09:00"})}}},
			[][4]string{{"2027-01-29", "2027-01-29", "", "2027-02-02"}, {"2027-02-26", "2027-02-26", "", "2027-03-02"}}},
		{"no timed trigger: one run now",
			workflow.PreviewInput{WorkflowID: cw.Workflow.UUID, CompanyID: &acme, After: &after, Triggers: []workflow.TriggerInput{}},
			[][4]string{{"2026-12-31", "2026-12-31", "", "2027-01-05"}}}, // due: past New Year, 4 and 5 Jan
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := e.svc.Preview(ctx, admin, true, tc.in)
			require.NoError(t, err)
			assert.Equal(t, "fi", p.Country.Code)
			var got [][4]string
			for _, r := range p.Runs {
				moved := ""
				for i, d := range r.Moved {
					if i > 0 {
						moved += " "
					}
					moved += d.Date.String()
				}
				assert.Equal(t, "Europe/Helsinki", r.TimeZone, "the country's zone, the triggers naming none")
				require.Len(t, r.Tasks, 1)
				require.NotNil(t, r.Tasks[0].DueDate)
				got = append(got, [4]string{r.Date.String(), r.Nominal.String(), moved, r.Tasks[0].DueDate.String()})
			}
			assert.Equal(t, tc.want, got)
		})
	}
	p, err := e.svc.Preview(ctx, admin, true, cases[0].in)
	require.NoError(t, err)
	require.NotEmpty(t, p.Runs[0].Moved[0].Holidays)
	assert.Equal(t, "Epiphany", p.Runs[0].Moved[0].Holidays[0].Name, "the holiday that moved it")
	require.NotNil(t, p.Runs[0].ReportingPeriod)
	assert.Equal(t, "2026-12", p.Runs[0].ReportingPeriod.Label)
	assert.Equal(t, 8, p.Runs[0].At.In(helsinki).Hour())
	p, err = e.svc.Preview(ctx, admin, true, workflow.PreviewInput{WorkflowID: cw.Workflow.UUID, CompanyID: &acme, Count: 1, After: &after,
		Triggers: []workflow.TriggerInput{{TriggerType: "anchor_date", Data: raw(map[string]any{"dynamicFieldId": field, "timeOfDay": "09:00",
			"timeZone": "Europe/Stockholm"})}}})
	require.NoError(t, err)
	require.Len(t, p.Runs, 1)
	assert.Equal(t, "Europe/Stockholm", p.Runs[0].TimeZone, "the trigger's own zone")

	_, err = e.svc.Preview(ctx, e.seed.Users["eva@borealis.test"], false, workflow.PreviewInput{WorkflowID: cw.Workflow.UUID, CompanyID: &acme})
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "another company's preview")
}

// TestRunSide walks what the activities do: begin, create the task (once),
// finish, complete; and a cancelled run with its task cancelled.
func TestRunSide(t *testing.T) {
	t.Parallel()
	e := setupOn(t, dbtest.FreshStore(t)) // it counts Acme's workflow tasks
	ctx := context.Background()
	cw := e.assigned(t, "Run side", false)
	acme := e.seed.Companies["Acme Oy"]
	accounting := e.seed.Categories["Accounting"].ID
	counter := func(status string) int {
		return e.count(t, `SELECT coalesce(sum(count), 0)::int FROM thread_counters WHERE company_id = $1 AND category_id = $2
			AND task_type = 'workflow_task' AND status = $3 AND NOT hidden`, acme.ID, accounting, status)
	}
	createdBefore, cancelledBefore := counter("created"), counter("cancelled")

	run, err := e.svc.Start(ctx, e.admin(), cw.UUID, nil)
	require.NoError(t, err)
	plan, err := e.svc.BeginRun(ctx, run.UUID)
	require.NoError(t, err)
	assert.Equal(t, contract.StateRunning, plan.State)
	runStart := day("2027-01-07T10:00:00Z")
	begin := contract.BeginTaskInput{Instance: run.UUID, Node: "t", RunStart: runStart}
	res, err := e.svc.BeginTask(ctx, begin)
	require.NoError(t, err)
	thread, err := uuid.Parse(res.Thread)
	require.NoError(t, err, "the task is created with its step")
	var title string
	var category int64
	var responsible *int64
	var due *time.Time
	require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT title, category_id, responsible_id, due_date FROM threads WHERE uuid = $1`,
		thread).Scan(&title, &category, &responsible, &due))
	assert.Equal(t, "Do it", title)
	assert.Equal(t, accounting, category)
	require.NotNil(t, responsible, "assigned to the company's responsible agent")
	assert.Equal(t, e.seed.Users["agent@portico.test"].ID, *responsible)
	require.NotNil(t, due)
	assert.Equal(t, "2027-01-11 23:59", due.In(helsinki).Format("2006-01-02 15:04"),
		"two business days after Thursday 7 January: Monday 11 January, end of day")
	assert.Equal(t, createdBefore+1, counter("created"), "the inbox's folder counter moved with it")
	again, err := e.svc.BeginTask(ctx, begin)
	require.NoError(t, err)
	assert.Equal(t, thread.String(), again.Thread, "a retried activity finds the task it created")
	assert.Equal(t, createdBefore+1, counter("created"), "and creates no other")
	st, err := e.svc.TaskStatus(ctx, contract.StepRef{Instance: run.UUID, Node: "t"})
	require.NoError(t, err)
	assert.Equal(t, "created", st.Status)

	require.NoError(t, e.events.TaskStatusChanged(ctx, thread, "closed"))
	assert.Contains(t, e.runner.Calls(), "task:t:closed:"+run.UUID.String(), "the inbox's status change reaches the run")

	finish := contract.FinishStepInput{Instance: run.UUID, Node: "t", State: contract.StepCompleted, Outcome: "completed"}
	require.NoError(t, e.svc.FinishStep(ctx, finish))
	require.NoError(t, e.svc.FinishStep(ctx, finish), "safe to retry")
	require.NoError(t, e.svc.CompleteRun(ctx, run.UUID))
	d, err := e.svc.Instance(ctx, e.seed.Users["admin@portico.test"], true, nil, run.UUID)
	require.NoError(t, err)
	assert.Equal(t, contract.StateCompleted, d.State)
	assert.EqualValues(t, 1, d.CompletedStepsCount, "counted once")
	assert.NotNil(t, d.EndedAt)
	require.Len(t, d.Steps, 1)
	assert.Equal(t, thread, *d.Steps[0].Thread)

	// a cancelled run: its open task is cancelled, counters move
	run2, err := e.svc.Start(ctx, e.admin(), cw.UUID, nil)
	require.NoError(t, err)
	_, err = e.svc.BeginRun(ctx, run2.UUID)
	require.NoError(t, err)
	thread2 := e.beginTask(t, run2.UUID, runStart)
	_, err = e.svc.Cancel(ctx, e.admin(), run2.UUID)
	require.NoError(t, err)
	require.NoError(t, e.svc.FinishCancel(ctx, run2.UUID))
	require.NoError(t, e.svc.FinishCancel(ctx, run2.UUID), "safe to retry")
	th, err := e.st.WorkflowTaskThreadByUUID(ctx, thread2)
	require.NoError(t, err)
	assert.Equal(t, "cancelled", th.Status)
	assert.Equal(t, cancelledBefore+1, counter("cancelled"))
	assert.Equal(t, createdBefore+1, counter("created"), "the first run's task is still open in the counters")
	d2, err := e.svc.Instance(ctx, e.seed.Users["admin@portico.test"], true, nil, run2.UUID)
	require.NoError(t, err)
	assert.Equal(t, contract.StateCancelled, d2.State)
	require.NotNil(t, d2.CancelledBy)
	assert.Equal(t, "admin@portico.test", d2.CancelledBy.Email)
	assert.Equal(t, "cancelled", d2.Steps[0].State)
}

func TestReconcileTriggersSignalsEveryTimedAssignment(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	timed, err := e.svc.TimedCompanyWorkflows(ctx)
	require.NoError(t, err)
	w, err := e.st.WorkflowGetByName(ctx, "Month-end closing")
	require.NoError(t, err)
	demoCW, err := e.st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: e.seed.Companies["Acme Oy"].ID, WorkflowID: w.ID})
	require.NoError(t, err)
	assert.Contains(t, timed, demoCW.UUID, "the demo's monthly schedule")
	manualOnly := e.assigned(t, "Reconcile: manual only", false)
	assert.NotContains(t, timed, manualOnly.UUID)

	n, err := e.svc.ReconcileTriggers(ctx)
	require.NoError(t, err)
	assert.Equal(t, len(timed), n)
	assert.Contains(t, e.runner.Calls(), "triggers:"+demoCW.UUID.String())
}

func TestSweepTellsRunsAboutEndedTasks(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	cw := e.assigned(t, "Sweep", false)
	run, err := e.svc.Start(ctx, e.admin(), cw.UUID, nil)
	require.NoError(t, err)
	_, err = e.svc.BeginRun(ctx, run.UUID)
	require.NoError(t, err)
	thread := e.beginTask(t, run.UUID, day("2027-01-07T10:00:00Z"))
	swept := func() bool {
		_, err := e.svc.SweepEndedTasks(ctx)
		require.NoError(t, err)
		for _, c := range e.runner.Calls() {
			if c == "task:t:closed:"+run.UUID.String() {
				return true
			}
		}
		return false
	}
	assert.False(t, swept(), "an open task is not reported")
	_, err = e.st.Pool.Exec(ctx, `UPDATE threads SET status = 'closed' WHERE uuid = $1`, thread)
	require.NoError(t, err)
	assert.True(t, swept(), "a closed task of a waiting step is reported")
}

// A user's status change in the inbox reaches the run through the status
// hook (inbox.Options.TaskEvents is the workflow engine's relay, as the API wires it).
func TestInboxStatusChangeReachesTheRun(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	cw := e.assigned(t, "Hook", false)
	run, err := e.svc.Start(ctx, e.admin(), cw.UUID, nil)
	require.NoError(t, err)
	_, err = e.svc.BeginRun(ctx, run.UUID)
	require.NoError(t, err)
	thread := e.beginTask(t, run.UUID, day("2027-01-07T10:00:00Z"))
	want := "task:t:closed:" + run.UUID.String()
	assert.NotContains(t, e.runner.Calls(), want)
	_, err = e.inbox.ChangeStatus(ctx, org.Request{User: e.seed.Users["agent@portico.test"]}, thread, "closed")
	require.NoError(t, err)
	n := 0
	for _, c := range e.runner.Calls() {
		if c == want {
			n++
		}
	}
	assert.Equal(t, 1, n, "told once")
}

// A trigger whose next run cannot be computed does not stop the others, is
// logged on the service's log, and its company workflow shows why until its
// data is saved again.
func TestNextFireShowsABrokenTrigger(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	cw := e.assigned(t, "Broken trigger", false)
	monthly := func(day int) json.RawMessage {
		return raw(map[string]any{"recurrencePattern": map[string]any{"type": "monthly", "timeOfDay": "08:00",
			"monthlyPattern": map[string]any{"type": "day_of_month", "day": day}}, "scheduleEndCondition": map[string]any{"type": "no_end"},
			"scheduleStartDate": "2026-01-01"})
	}
	saved, err := e.svc.ManageTriggers(ctx, e.admin(), cw.UUID, []workflow.TriggerInput{
		{TriggerType: "schedule", Data: monthly(5)}, {TriggerType: "schedule", Data: monthly(20)}})
	require.NoError(t, err)
	good, broken := saved.Triggers[1].UUID, saved.Triggers[0].UUID // the 20th stays, the 5th (sooner) breaks
	_, err = e.st.Pool.Exec(ctx, `UPDATE workflow_triggers SET data = '{"recurrencePattern": {"type": "fortnightly"}}' WHERE uuid = $1`, broken)
	require.NoError(t, err)

	fire, err := e.svc.NextFire(ctx, contract.NextFireInput{CompanyWorkflow: cw.UUID, After: day("2027-01-07T10:00:00Z")})
	require.NoError(t, err, "one broken trigger does not fail the trigger process")
	require.True(t, fire.Found)
	assert.Equal(t, good, fire.Trigger, "the other trigger still fires")
	assert.Equal(t, 20, fire.At.In(helsinki).Day())
	assert.Contains(t, e.logged.String(), "trigger="+broken.String(), "the process's log says which trigger broke")

	shown := func() map[uuid.UUID]*string {
		got, err := e.svc.CompanyWorkflow(ctx, e.seed.Users["admin@portico.test"], true, nil, cw.UUID)
		require.NoError(t, err)
		out := map[uuid.UUID]*string{}
		for _, tr := range got.Triggers {
			out[tr.UUID] = tr.NextRunError
		}
		return out
	}
	errs := shown()
	require.NotNil(t, errs[broken], "the broken trigger says why")
	assert.NotEmpty(t, *errs[broken])
	assert.Nil(t, errs[good])

	_, err = e.svc.ManageTriggers(ctx, e.admin(), cw.UUID, []workflow.TriggerInput{
		{UUID: &broken, TriggerType: "schedule", Data: monthly(5)}, {UUID: &good, TriggerType: "schedule", Data: monthly(20)}})
	require.NoError(t, err)
	assert.Nil(t, shown()[broken], "saving its data again clears it")
}
