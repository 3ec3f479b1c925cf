package api_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/org"
	"portico/engine/workflow"
)

const (
	kalevForecastTitle    = "File the Estonian payroll declaration"
	borealisForecastTitle = "File the Swedish employer declaration"
)

// seedKalevForecast gives Kalev AS (ee) a workflow with a weekly schedule:
// tasks in the forecast that only Kalev's staff (here: the global admin) may see.
func seedKalevForecast(t *testing.T, te testEnv) {
	t.Helper()
	seedWeeklyForecast(t, te, "Kalev AS", "ee", "Kalev declarations", kalevForecastTitle)
}

// seedWeeklyForecast assigns the company a workflow (in Accounting, for its
// country) of one task due the day after its run, which a weekly schedule
// starts on Tuesdays.
func seedWeeklyForecast(t *testing.T, te testEnv, company, country, name, title string) {
	t.Helper()
	ctx := context.Background()
	admin := org.Request{User: te.seed.Users["admin@portico.test"], AdminPanel: true}
	svc := te.deps.Workflows
	structure, _ := json.Marshal(map[string]any{
		"nodes": []any{map[string]any{"id": "s", "type": "start"},
			map[string]any{"id": "t", "type": "task", "data": map[string]any{"title": title,
				"assignee": map[string]any{"type": "responsible"}, "dueDate": map[string]any{"type": "offset", "days": 1}}},
			map[string]any{"id": "e", "type": "end"}},
		"edges": []any{map[string]any{"id": "e1", "source": "s", "target": "t"}, map[string]any{"id": "e2", "source": "t", "target": "e"}}})
	draft, accounting := false, te.seed.Categories["Accounting"].ID
	w, err := svc.CreateWorkflow(ctx, admin, workflow.WorkflowInput{Name: &name, CategoryID: &accounting, Draft: &draft,
		Structure: structure, CountryIDs: &[]int64{te.seed.Countries[country].ID}})
	require.NoError(t, err)
	cw, err := svc.Assign(ctx, admin, w.UUID, te.seed.Companies[company].UUID, te.seed.Countries[country].ID)
	require.NoError(t, err)
	weekly, _ := json.Marshal(map[string]any{"recurrencePattern": map[string]any{"type": "weekly", "timeOfDay": "08:00",
		"weeklyPattern": map[string]any{"interval": 1, "weekdays": []string{"tuesday"}}},
		"scheduleEndCondition": map[string]any{"type": "no_end"}, "scheduleStartDate": "2025-01-01"})
	_, err = svc.ManageTriggers(ctx, admin, cw.UUID, []workflow.TriggerInput{{TriggerType: "schedule", Data: weekly}})
	require.NoError(t, err)
}

const forecastQuery = `query($from: String!, $to: String!, $c: [ID!]) {
  workflowForecast(dateFrom: $from, dateTo: $to, companyIds: $c, limit: 250) {
    totalCount days { date count }
    assignees { assignee { name } total days { date count } }
    tasks { date title company { name } workflowName category { name } assignee { name } runDate dueDate }
    options { companies { name } workflows { name } assignees { name } } } }`

// The forecast over the next months shows each member of staff the companies
// they may see: the agents of Acme Oy and Borealis AB never get Kalev AS's
// tasks, the global admin does; customers are refused, and so is a window
// longer than a year.
func TestForecastAcrossTenants(t *testing.T) {
	te := testServer(t, serverOpts{})
	seedKalevForecast(t, te)
	from := time.Now().Format(time.DateOnly)
	to := time.Now().AddDate(0, 3, 0).Format(time.DateOnly)
	vars := map[string]any{"from": from, "to": to}
	for _, tc := range []struct {
		email string
		kalev bool
	}{{"admin@portico.test", true}, {"agentadmin@portico.test", false}, {"agent@portico.test", false}} {
		t.Run(tc.email, func(t *testing.T) {
			c := te.client(t)
			c.signIn(tc.email)
			_, res := c.graphql(forecastQuery, vars)
			require.Empty(t, res.Errors)
			body := string(res.Data["workflowForecast"])
			assert.Contains(t, body, "Collect purchase invoices", "the demo workflow's monthly runs in Acme Oy")
			assert.Equal(t, tc.kalev, strings.Contains(body, kalevForecastTitle), "Kalev AS's task")
			assert.Equal(t, tc.kalev, strings.Contains(body, "Kalev"), "Kalev AS's name")
		})
	}
	for _, email := range []string{"anna@acme.test", "carl@acme.test", "eva@borealis.test", "kalle@kalev.test"} {
		c := te.client(t)
		c.signIn(email)
		_, res := c.graphql(forecastQuery, vars)
		require.Len(t, res.Errors, 1, email)
		assert.Equal(t, "ACCESS_DENIED", res.Errors[0].Extensions["code"], email)
		assert.NotContains(t, string(res.Data["workflowForecast"]), kalevForecastTitle)
	}
	agent := te.client(t)
	agent.signIn("agent@portico.test")
	_, res := agent.graphql(forecastQuery, map[string]any{"from": from, "to": to,
		"c": []string{te.seed.Companies["Kalev AS"].UUID.String()}})
	require.Len(t, res.Errors, 1)
	assert.Equal(t, "RECORD_NOT_FOUND", res.Errors[0].Extensions["code"], "naming a company the agent does not see")
	_, res = agent.graphql(forecastQuery, map[string]any{"from": from, "to": time.Now().AddDate(1, 0, 1).Format(time.DateOnly)})
	require.Len(t, res.Errors, 1)
	assert.Equal(t, "VALIDATION_ERROR", res.Errors[0].Extensions["code"])
	assert.Equal(t, "forecast_window_too_long", res.Errors[0].Message)
	_, res = agent.graphql(forecastQuery, map[string]any{"from": "next monday", "to": to})
	require.Len(t, res.Errors, 1)
	assert.Equal(t, "invalid_date", res.Errors[0].Message)
}
