package workflow_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/store/dbtest"
	"portico/engine/workflow"
	"portico/engine/workflow/graph"
)

// insightsRun is a run as the recorder leaves it, written straight into the
// tables so that the test knows every figure: its step t (when it has one)
// and that step's task.
type insightsRun struct {
	cw                  workflow.CompanyWorkflow
	version             int
	state               string
	created, ended      string // RFC 3339; ended "" for none
	failedAt            string // a failed run's step t end
	stepFrom, stepTo    string // step t, completed; "" for none
	taskDue, taskClosed string // step t's task, closed; due "" for none
	skipTask            bool
}

func (e env) insertRun(t *testing.T, r insightsRun) {
	t.Helper()
	ctx := context.Background()
	at := func(s string) *time.Time {
		if s == "" {
			return nil
		}
		v := day(s)
		return &v
	}
	id := uuid.New()
	var runID int64
	var failed *string
	if r.state == "failed" {
		failed = ptr("t")
	}
	require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO workflow_instances (company_id, uuid, company_workflow_id, workflow_id,
		workflow_version_id, state, temporal_workflow_id, created_at, started_at, ended_at, failed_node_id)
		SELECT $1, $2::uuid, $3, $4, v.id, $6, 'instance/' || $2::uuid::text, $7, $7, $8, $9
		FROM workflow_versions v WHERE v.workflow_id = $4 AND v.version = $5 RETURNING id`,
		r.cw.CompanyID, id, r.cw.ID, r.cw.WorkflowID, r.version, r.state, day(r.created), at(r.ended), failed).Scan(&runID))
	step := func(state, from, to string) {
		_, err := e.st.Pool.Exec(ctx, `INSERT INTO workflow_instance_steps (company_id, instance_id, node_id, state, started_at, ended_at)
			VALUES ($1, $2, 't', $3, $4, $5)`, r.cw.CompanyID, runID, state, day(from), day(to))
		require.NoError(t, err)
	}
	if r.failedAt != "" {
		step("failed", r.created, r.failedAt)
	}
	if r.stepTo != "" {
		step("completed", r.stepFrom, r.stepTo)
	}
	if r.taskClosed != "" {
		status := "closed"
		if r.skipTask {
			status = "skipped"
		}
		_, err := e.st.Pool.Exec(ctx, `INSERT INTO threads (company_id, category_id, task_type, title, status, due_date,
			completion_date, workflow_instance_id, workflow_node_id) VALUES ($1, $2, 'workflow_task', 'Do it', $3, $4, $5, $6, 't')`,
			r.cw.CompanyID, e.seed.Categories["Accounting"].ID, status, at(r.taskDue), day(r.taskClosed), runID)
		require.NoError(t, err)
	}
}

const (
	dayS  = 86400.0
	hourS = 3600.0
)

func TestInsightsCountRunsStepsAndLateTasksOfTheWindow(t *testing.T) {
	t.Parallel()
	e := setupOn(t, dbtest.FreshStore(t)) // it counts every run of the portal
	ctx := context.Background()
	acmeW := e.assigned(t, "Insights W", false)
	// version 2: the same steps, t renamed
	var s map[string]any
	require.NoError(t, json.Unmarshal(simple(false), &s))
	s["nodes"].([]any)[1].(map[string]any)["data"].(map[string]any)["title"] = "Do it well"
	_, err := e.svc.UpdateWorkflow(ctx, e.admin(), acmeW.Workflow.UUID, workflow.WorkflowInput{Structure: raw(s)})
	require.NoError(t, err)
	borealisW, err := e.svc.Assign(ctx, e.admin(), acmeW.Workflow.UUID, e.seed.Companies["Borealis AB"].UUID, e.seed.Countries["se"].ID)
	require.NoError(t, err)
	acmeX := e.assigned(t, "Insights X", false)

	for _, r := range []insightsRun{
		// r1..r4 complete in 2, 4, 1 and 3 days; their steps t take 1 d, 3 d, 12 h, 2 d
		{cw: acmeW, version: 1, state: "completed", created: "2025-03-03T10:00:00Z", ended: "2025-03-05T10:00:00Z",
			stepFrom: "2025-03-03T10:00:00Z", stepTo: "2025-03-04T10:00:00Z", taskDue: "2025-03-04T23:59:00Z", taskClosed: "2025-03-04T10:00:00Z"},
		{cw: acmeW, version: 1, state: "completed", created: "2025-03-04T12:00:00Z", ended: "2025-03-08T12:00:00Z",
			stepFrom: "2025-03-04T12:00:00Z", stepTo: "2025-03-07T12:00:00Z", taskDue: "2025-03-06T12:00:00Z", taskClosed: "2025-03-07T12:00:00Z"},
		{cw: acmeW, version: 2, state: "completed", created: "2025-03-11T08:00:00Z", ended: "2025-03-12T08:00:00Z",
			stepFrom: "2025-03-11T08:00:00Z", stepTo: "2025-03-11T20:00:00Z", taskDue: "2025-03-12T08:00:00Z", taskClosed: "2025-03-11T20:00:00Z"},
		{cw: borealisW, version: 2, state: "completed", created: "2025-03-12T00:00:00Z", ended: "2025-03-15T00:00:00Z",
			stepFrom: "2025-03-12T00:00:00Z", stepTo: "2025-03-14T00:00:00Z", taskDue: "2025-03-12T00:00:00Z", taskClosed: "2025-03-14T00:00:00Z"},
		// cancelled; failed (its step's end counts); a skipped task is not a completed one
		{cw: borealisW, version: 2, state: "cancelled", created: "2025-03-18T09:00:00Z", ended: "2025-03-19T09:00:00Z",
			taskDue: "2025-03-18T10:00:00Z", taskClosed: "2025-03-19T09:00:00Z", skipTask: true},
		{cw: acmeW, version: 2, state: "failed", created: "2025-03-20T09:00:00Z", failedAt: "2025-03-21T09:00:00Z"},
		// started before the window, completed in it (Sunday 22:30 UTC: Monday in Helsinki) in 10 days;
		// its step ended before the window
		{cw: acmeW, version: 1, state: "completed", created: "2025-02-20T22:30:00Z", ended: "2025-03-02T22:30:00Z",
			stepFrom: "2025-02-21T00:00:00Z", stepTo: "2025-02-27T00:00:00Z", taskDue: "2025-02-26T00:00:00Z", taskClosed: "2025-02-27T00:00:00Z"},
		// still running: started only; its task had no due date
		{cw: acmeW, version: 1, state: "running", created: "2025-03-30T10:00:00Z", taskClosed: "2025-03-31T10:00:00Z"},
		// after the window
		{cw: acmeW, version: 2, state: "completed", created: "2025-04-02T10:00:00Z", ended: "2025-04-03T10:00:00Z",
			stepFrom: "2025-04-02T10:00:00Z", stepTo: "2025-04-03T10:00:00Z", taskDue: "2025-04-02T10:00:00Z", taskClosed: "2025-04-03T10:00:00Z"},
		// another workflow: a day, its task an hour late
		{cw: acmeX, version: 1, state: "completed", created: "2025-03-10T10:00:00Z", ended: "2025-03-11T10:00:00Z",
			stepFrom: "2025-03-10T10:00:00Z", stepTo: "2025-03-11T10:00:00Z", taskDue: "2025-03-11T09:00:00Z", taskClosed: "2025-03-11T10:00:00Z"},
	} {
		e.insertRun(t, r)
	}
	march := workflow.InsightsInput{DateFrom: graph.MustParseDate("2025-03-01"), DateTo: graph.MustParseDate("2025-03-31")}

	got, err := e.svc.WorkflowInsights(ctx, e.admin(), acmeW.Workflow.UUID, march)
	require.NoError(t, err)
	assert.Equal(t, workflow.BucketWeek, got.Bucket, "30 days go by week")
	assert.Equal(t, "UTC", got.TimeZone)
	assert.Equal(t, []int{2, 1}, got.Versions)
	require.NotNil(t, got.Drawn)
	assert.EqualValues(t, 2, got.Drawn.Version, "the latest version is drawn")

	// cycle times: v1 [2 d, 4 d, 10 d], v2 [1 d, 3 d], all five together
	assert.Equal(t, runs(7, 5, 1, 1, 3*dayS, 4*dayS+0.6*6*dayS), got.Total.InsightsRuns)
	assert.Equal(t, workflow.InsightsTasks{Completed: 5, Late: 2, LateSeconds: 3 * dayS}, got.Total.Tasks)
	require.Len(t, got.Rows, 2)
	assert.Equal(t, 2, got.Rows[0].Version, "newest version first")
	assert.Equal(t, runs(4, 2, 1, 1, 2*dayS, dayS+0.9*2*dayS), got.Rows[0].InsightsRuns)
	assert.Equal(t, workflow.InsightsTasks{Completed: 2, Late: 1, LateSeconds: 2 * dayS}, got.Rows[0].Tasks)
	assert.Equal(t, runs(3, 3, 0, 0, 4*dayS, 4*dayS+0.8*6*dayS), got.Rows[1].InsightsRuns)
	assert.Equal(t, workflow.InsightsTasks{Completed: 3, Late: 1, LateSeconds: dayS}, got.Rows[1].Tasks)
	assert.Equal(t, "Insights W", got.Rows[1].Workflow.Name)

	// every week the window touches, Mondays, empty ones too
	var weeks []string
	counts := map[string][4]int{}
	for _, b := range got.Series {
		weeks = append(weeks, b.Start.String())
		counts[b.Start.String()] = [4]int{b.Started, b.Completed, b.Failed, b.Cancelled}
	}
	assert.Equal(t, []string{"2025-02-24", "2025-03-03", "2025-03-10", "2025-03-17", "2025-03-24", "2025-03-31"}, weeks)
	assert.Equal(t, map[string][4]int{"2025-02-24": {0, 1, 0, 0}, "2025-03-03": {2, 2, 0, 0}, "2025-03-10": {2, 2, 0, 0},
		"2025-03-17": {2, 0, 1, 1}, "2025-03-24": {1, 0, 0, 0}, "2025-03-31": {}}, counts)
	assert.Equal(t, 3*dayS, *got.Series[1].CycleP50, "the week's completed runs: 2 d and 4 d")
	assert.Nil(t, got.Series[3].CycleP50, "nothing completed")

	// step t: 12 h, 1 d, 2 d, 3 d; start and end have no figures but are drawn
	require.Len(t, got.Steps, 3)
	assert.Equal(t, []string{"s", "t", "e"}, []string{got.Steps[0].NodeID, got.Steps[1].NodeID, got.Steps[2].NodeID})
	st := got.Steps[1]
	assert.Equal(t, "Do it well", st.Title, "named by the drawn version")
	assert.Equal(t, "task", st.NodeType)
	assert.True(t, st.Drawn)
	assert.Equal(t, 4, st.Completed)
	assert.Equal(t, 1.5*dayS, *st.P50)
	assert.InDelta(t, 2*dayS+0.7*dayS, *st.P90, 0.001)
	assert.Equal(t, workflow.InsightsTasks{Completed: 5, Late: 2, LateSeconds: 3 * dayS}, st.Tasks)
	assert.Nil(t, got.Steps[0].P50)

	// late tasks: Acme 1 of 4 (1 day), Borealis 1 of 1 (2 days)
	require.Len(t, got.LateByCompany, 2)
	assert.Equal(t, "Acme Oy", got.LateByCompany[0].Company.Name)
	assert.Equal(t, workflow.InsightsTasks{Completed: 4, Late: 1, LateSeconds: dayS}, got.LateByCompany[0].InsightsTasks)
	assert.Equal(t, "Borealis AB", got.LateByCompany[1].Company.Name)
	assert.Equal(t, 2.0, *got.LateByCompany[1].AverageDaysLate())
	require.Len(t, got.LateByStep, 1)
	assert.Equal(t, "t", got.LateByStep[0].NodeID)
	assert.Equal(t, 1.5, *got.LateByStep[0].AverageDaysLate())

	// one version: its figures, its canvas
	v1, err := e.svc.WorkflowInsights(ctx, e.admin(), acmeW.Workflow.UUID, workflow.InsightsInput{DateFrom: march.DateFrom,
		DateTo: march.DateTo, Version: ptr(1)})
	require.NoError(t, err)
	assert.Equal(t, got.Rows[1].InsightsRuns, v1.Total.InsightsRuns)
	require.Len(t, v1.Rows, 1)
	assert.EqualValues(t, 1, v1.Drawn.Version)
	assert.Equal(t, "Do it", v1.Steps[1].Title)
	assert.Equal(t, 2, v1.Steps[1].Completed, "1 d and 3 d")
	assert.Equal(t, 2*dayS, *v1.Steps[1].P50)

	// the days are read in the zone asked for: r7's end is Monday 3 March in Helsinki
	hki, err := e.svc.WorkflowInsights(ctx, e.admin(), acmeW.Workflow.UUID, workflow.InsightsInput{DateFrom: march.DateFrom,
		DateTo: march.DateTo, TimeZone: "Europe/Helsinki"})
	require.NoError(t, err)
	assert.Equal(t, 0, hki.Series[0].Completed)
	assert.Equal(t, 3, hki.Series[1].Completed)

	// a window over three months goes by month
	spring, err := e.svc.WorkflowInsights(ctx, e.admin(), acmeW.Workflow.UUID, workflow.InsightsInput{
		DateFrom: graph.MustParseDate("2025-02-01"), DateTo: graph.MustParseDate("2025-05-31")})
	require.NoError(t, err)
	assert.Equal(t, workflow.BucketMonth, spring.Bucket)
	require.Len(t, spring.Series, 4)
	assert.Equal(t, [3]int{1, 7, 1}, [3]int{spring.Series[0].Started, spring.Series[1].Started, spring.Series[2].Started})

	// every workflow: both, the totals of both
	all, err := e.svc.WorkflowsInsights(ctx, e.admin(), march)
	require.NoError(t, err)
	assert.Nil(t, all.Workflow)
	assert.Empty(t, all.Steps)
	require.Len(t, all.Rows, 3)
	assert.Equal(t, []string{"Insights W", "Insights W", "Insights X"}, []string{all.Rows[0].Workflow.Name, all.Rows[1].Workflow.Name,
		all.Rows[2].Workflow.Name})
	assert.Equal(t, runs(8, 6, 1, 1, 2.5*dayS, 4*dayS+0.5*6*dayS), all.Total.InsightsRuns)
	assert.Equal(t, workflow.InsightsTasks{Completed: 6, Late: 3, LateSeconds: 3*dayS + hourS}, all.Total.Tasks)
	require.Len(t, all.LateByStep, 2)
	assert.Equal(t, "Insights W", all.LateByStep[0].Workflow.Name, "two late first")
	assert.Equal(t, "Insights X", all.LateByStep[1].Workflow.Name)
}

// runs is the run figures (p50 and p90 nil when none completed).
func runs(started, completed, failed, cancelled int, p50, p90 float64) workflow.InsightsRuns {
	r := workflow.InsightsRuns{Started: started, Completed: completed, Failed: failed, Cancelled: cancelled}
	if completed > 0 {
		r.CycleP50, r.CycleP90 = &p50, &p90
	}
	return r
}

func TestInsightsRefuseOthersAndBadWindows(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	w := e.published(t, "Insights refusals", false)
	from, to := graph.MustParseDate("2025-01-01"), graph.MustParseDate("2025-12-31")
	ok := workflow.InsightsInput{DateFrom: from, DateTo: to}
	for _, who := range []string{"agentadmin@portico.test", "agent@portico.test", "anna@acme.test"} {
		_, err := e.svc.WorkflowInsights(ctx, e.req(who), w.UUID, ok)
		assert.Equal(t, "ACCESS_DENIED:access_denied", code(err), who)
		_, err = e.svc.WorkflowsInsights(ctx, e.req(who), ok)
		assert.Equal(t, "ACCESS_DENIED:access_denied", code(err), who)
	}
	for name, c := range map[string]struct {
		id   uuid.UUID
		in   workflow.InsightsInput
		want string
	}{
		"24 months":         {w.UUID, workflow.InsightsInput{DateFrom: from, DateTo: from.AddMonths(24).AddDays(-1)}, ""},
		"over 24 months":    {w.UUID, workflow.InsightsInput{DateFrom: from, DateTo: from.AddMonths(24)}, "VALIDATION_ERROR:insights_window_too_long"},
		"ends before start": {w.UUID, workflow.InsightsInput{DateFrom: to, DateTo: from}, "VALIDATION_ERROR:invalid_date_range"},
		"no date":           {w.UUID, workflow.InsightsInput{DateTo: to}, "VALIDATION_ERROR:invalid_date"},
		"unknown workflow":  {uuid.New(), ok, "RECORD_NOT_FOUND:record_not_found"},
		"unknown version":   {w.UUID, workflow.InsightsInput{DateFrom: from, DateTo: to, Version: ptr(2)}, "RECORD_NOT_FOUND:record_not_found"},
		"a zone":            {w.UUID, workflow.InsightsInput{DateFrom: from, DateTo: to, TimeZone: "Europe/Stockholm"}, ""},
		"an unknown zone":   {w.UUID, workflow.InsightsInput{DateFrom: from, DateTo: to, TimeZone: "Mars/Olympus"}, "VALIDATION_ERROR:invalid_time_zone"},
		"Local":             {w.UUID, workflow.InsightsInput{DateFrom: from, DateTo: to, TimeZone: "Local"}, "VALIDATION_ERROR:invalid_time_zone"},
	} {
		_, err := e.svc.WorkflowInsights(ctx, e.admin(), c.id, c.in)
		assert.Equal(t, c.want, code(err), name)
	}
	_, err := e.svc.WorkflowsInsights(ctx, e.admin(), workflow.InsightsInput{DateFrom: from, DateTo: from.AddMonths(25)})
	assert.Equal(t, "VALIDATION_ERROR:insights_window_too_long", code(err))
}
