package api_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
)

const insightsQuery = `query($w: ID!, $from: String!, $to: String!, $v: Int) {
  workflowInsights(workflowId: $w, dateFrom: $from, dateTo: $to, version: $v, timeZone: "Europe/Helsinki") {
    bucket timeZone version versions workflow { name }
    total { runsStarted runsCompleted runsFailed runsCancelled cycleTimeP50 cycleTimeP90 tasksCompleted tasksLate }
    rows { workflow { name } version runsStarted runsCompleted }
    series { start runsStarted runsCompleted }
    steps { nodeId title drawn completed cycleTimeP50 cycleTimeP90 tasksLate }
    lateByCompany { company { name } tasksCompleted tasksLate averageDaysLate }
    lateByStep { nodeId title tasksLate } } }`

const allInsightsQuery = `query($from: String!, $to: String!) {
  workflowsInsights(dateFrom: $from, dateTo: $to) { bucket total { runsStarted runsFailed } rows { workflow { name } version } } }`

type insightsAnswer struct {
	Bucket, TimeZone string
	Version          *int
	Versions         []int
	Total            struct{ RunsStarted, RunsCompleted, RunsFailed, RunsCancelled, TasksCompleted, TasksLate int }
	Rows             []struct {
		Workflow struct{ Name string }
		Version  int
	}
	Series        []struct{ Start string }
	Steps         []struct{ NodeID, Title string }
	LateByCompany []struct {
		Company                   struct{ Name string }
		TasksCompleted, TasksLate int
		AverageDaysLate           *float64
	}
}

// Run analytics answer global admins, over the demo's run history, and refuse
// everyone else and windows the catalogue names.
func TestWorkflowInsights(t *testing.T) {
	te := testServer(t, serverOpts{})
	ctx := context.Background()
	require.NoError(t, demo.SeedRunHistory(ctx, te.st, te.seed, time.Now()))
	w, err := te.st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	from, to := time.Now().AddDate(0, -9, 0).Format(time.DateOnly), time.Now().Format(time.DateOnly)
	vars := map[string]any{"w": w.UUID.String(), "from": from, "to": to}

	admin := te.client(t)
	admin.signIn("admin@portico.test")
	_, res := admin.graphql(insightsQuery, vars)
	require.Empty(t, res.Errors)
	var got insightsAnswer
	require.NoError(t, json.Unmarshal(res.Data["workflowInsights"], &got))
	assert.Equal(t, "month", got.Bucket)
	assert.Equal(t, "Europe/Helsinki", got.TimeZone)
	assert.Equal(t, []int{1}, got.Versions)
	assert.Equal(t, 10, got.Total.RunsStarted, "six months in Acme Oy, four in Borealis AB")
	assert.Equal(t, 8, got.Total.RunsCompleted)
	assert.Equal(t, 2, got.Total.RunsCancelled)
	assert.Positive(t, got.Total.TasksLate)
	require.Len(t, got.Rows, 1)
	assert.Equal(t, demo.DemoWorkflowName, got.Rows[0].Workflow.Name)
	assert.Len(t, got.Series, 10, "the ten months the window touches")
	require.NotEmpty(t, got.Steps)
	assert.Equal(t, "start", got.Steps[0].NodeID)
	require.Len(t, got.LateByCompany, 2)
	assert.NotNil(t, got.LateByCompany[0].AverageDaysLate)

	_, res = admin.graphql(allInsightsQuery, map[string]any{"from": from, "to": to})
	require.Empty(t, res.Errors)
	var all insightsAnswer
	require.NoError(t, json.Unmarshal(res.Data["workflowsInsights"], &all))
	assert.Len(t, all.Rows, 3)
	assert.Equal(t, 1, all.Total.RunsFailed, "last month's salaries")

	for name, c := range map[string]struct {
		vars       map[string]any
		code, key  string
		notAllowed bool
	}{
		"over 24 months":   {map[string]any{"w": w.UUID.String(), "from": "2024-01-01", "to": "2026-01-01"}, "VALIDATION_ERROR", "insights_window_too_long", false},
		"dateTo first":     {map[string]any{"w": w.UUID.String(), "from": to, "to": from}, "VALIDATION_ERROR", "invalid_date_range", false},
		"not a date":       {map[string]any{"w": w.UUID.String(), "from": "last spring", "to": to}, "VALIDATION_ERROR", "invalid_date", false},
		"unknown workflow": {map[string]any{"w": "6b7a1c1e-0000-4000-8000-000000000000", "from": from, "to": to}, "RECORD_NOT_FOUND", "record_not_found", false},
		"unknown version":  {map[string]any{"w": w.UUID.String(), "from": from, "to": to, "v": 7}, "RECORD_NOT_FOUND", "record_not_found", false},
	} {
		_, res := admin.graphql(insightsQuery, c.vars)
		require.Len(t, res.Errors, 1, name)
		assert.Equal(t, c.code, res.Errors[0].Extensions["code"], name)
		assert.Equal(t, c.key, res.Errors[0].Message, name)
	}

	// an agent admin, an agent and customers: the catalogue's refusal, no figures
	for _, email := range []string{"agentadmin@portico.test", "agent@portico.test", "anna@acme.test", "eva@borealis.test"} {
		c := te.client(t)
		c.signIn(email)
		for _, q := range []struct{ query, field string }{{insightsQuery, "workflowInsights"}, {allInsightsQuery, "workflowsInsights"}} {
			_, res := c.graphql(q.query, vars)
			require.Len(t, res.Errors, 1, email)
			assert.Equal(t, "ACCESS_DENIED", res.Errors[0].Extensions["code"], email)
			assert.Equal(t, "access_denied", res.Errors[0].Message, email)
			assert.Empty(t, string(res.Data[q.field]), email)
		}
	}
}
