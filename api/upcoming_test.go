package api_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const upcomingQuery = `query($c: [ID!], $limit: Int) {
  upcomingTasks(companyIds: $c, limit: $limit) {
    id date title company { uuid name } workflowName category { name } runDate dueDate nominalDueDate
    dueMovedOver { date weekend holidays { name } } } }`

type upcomingItem struct {
	ID      string `json:"id"`
	Date    string `json:"date"`
	Title   string `json:"title"`
	Company struct {
		UUID string `json:"uuid"`
		Name string `json:"name"`
	} `json:"company"`
	WorkflowName string `json:"workflowName"`
	Category     struct {
		Name string `json:"name"`
	} `json:"category"`
	RunDate        string  `json:"runDate"`
	DueDate        *string `json:"dueDate"`
	NominalDueDate *string `json:"nominalDueDate"`
}

// upcoming asks for Coming up; code is the error's code ("" when it answered).
func upcoming(t *testing.T, c *client, vars map[string]any) ([]upcomingItem, string, string) {
	t.Helper()
	_, res := c.graphql(upcomingQuery, vars)
	if len(res.Errors) > 0 {
		code, _ := res.Errors[0].Extensions["code"].(string)
		return nil, code, res.Errors[0].Message
	}
	var out []upcomingItem
	require.NoError(t, json.Unmarshal(res.Data["upcomingTasks"], &out))
	return out, "", ""
}

// Coming up shows a company's users the tasks the forecast plans for them,
// nearest first, in the categories they see: Anna (customer admin of Acme Oy,
// in every category but Internal) gets the Accounting and the Payroll
// workflows' tasks, Carl (Payroll only) the salaries and nothing of Accounting, Eva (Borealis AB) her own
// company's and never Acme Oy's; naming a company the user is not in is not
// found, and a limit outside 1..50 is refused.
func TestUpcomingTasks(t *testing.T) {
	te := testServer(t, serverOpts{})
	seedWeeklyForecast(t, te, "Borealis AB", "se", "Borealis declarations", borealisForecastTitle)
	seedKalevForecast(t, te)
	acme, borealis := te.seed.Companies["Acme Oy"], te.seed.Companies["Borealis AB"]
	signIn := func(email string) *client {
		c := te.client(t)
		c.signIn(email)
		return c
	}
	titles := func(items []upcomingItem) map[string]bool {
		out := map[string]bool{}
		for _, it := range items {
			out[it.Title] = true
		}
		return out
	}
	today := time.Now().Format(time.DateOnly)
	last := time.Now().AddDate(0, 0, 89).Format(time.DateOnly)

	anna := signIn("anna@acme.test")
	items, code, _ := upcoming(t, anna, map[string]any{"limit": 50})
	require.Empty(t, code)
	require.NotEmpty(t, items)
	assert.LessOrEqual(t, len(items), 50)
	for i, it := range items {
		assert.Equal(t, "Acme Oy", it.Company.Name, it.Title)
		assert.NotEqual(t, "Internal", it.Category.Name, it.Title)
		assert.GreaterOrEqual(t, it.Date, today, it.Title)
		assert.LessOrEqual(t, it.Date, last, "the next 90 days: %s", it.Title)
		if i > 0 {
			assert.GreaterOrEqual(t, it.Date, items[i-1].Date, "nearest first")
		}
		require.NotNil(t, it.DueDate, it.Title)
		assert.Equal(t, *it.DueDate, it.Date)
	}
	assert.True(t, titles(items)["Send the month-end report"], "Month-end reporting's tasks")
	assert.True(t, titles(items)["Pay the salaries"], "Monthly salaries' tasks")
	assert.False(t, titles(items)[borealisForecastTitle], "another company's")
	assert.False(t, titles(items)[kalevForecastTitle], "another company's")
	first3, code, _ := upcoming(t, anna, map[string]any{"limit": 3})
	require.Empty(t, code)
	require.Len(t, first3, 3)
	for i := range first3 {
		assert.Equal(t, items[i].ID, first3[i].ID, "a shorter list is the nearest of the longer")
	}
	def, _, _ := upcoming(t, anna, nil)
	assert.Len(t, def, min(10, len(items)), "ten unless asked")
	own, code, _ := upcoming(t, anna, map[string]any{"c": []string{acme.UUID.String()}, "limit": 50})
	require.Empty(t, code)
	assert.Equal(t, items, own, "her company named")

	carl := signIn("carl@acme.test")
	items, code, _ = upcoming(t, carl, map[string]any{"limit": 50})
	require.Empty(t, code)
	require.NotEmpty(t, items)
	for _, it := range items {
		assert.Equal(t, "Payroll", it.Category.Name, "a customer user sees only the categories they hold: %s", it.Title)
		assert.Equal(t, "Monthly salaries", it.WorkflowName)
	}
	assert.True(t, titles(items)["Pay the salaries"])

	eva := signIn("eva@borealis.test")
	items, code, _ = upcoming(t, eva, map[string]any{"limit": 50})
	require.Empty(t, code)
	require.NotEmpty(t, items)
	for _, it := range items {
		assert.Equal(t, borealis.UUID.String(), it.Company.UUID, "never Acme Oy's: %s", it.Title)
		assert.Equal(t, borealisForecastTitle, it.Title)
	}
	for _, vars := range []map[string]any{{"c": []string{acme.UUID.String()}}, {"c": []string{borealis.UUID.String(), acme.UUID.String()}}} {
		_, code, _ = upcoming(t, eva, vars)
		assert.Equal(t, "RECORD_NOT_FOUND", code, "a company she is not in")
	}

	// provider staff too, for the company they look at
	agentadmin := signIn("agentadmin@portico.test")
	items, code, _ = upcoming(t, agentadmin, map[string]any{"c": []string{acme.UUID.String()}, "limit": 50})
	require.Empty(t, code)
	assert.True(t, titles(items)["Pay the salaries"] || titles(items)["Send the month-end report"])
	for _, it := range items {
		assert.Equal(t, "Acme Oy", it.Company.Name)
	}
	_, code, _ = upcoming(t, agentadmin, map[string]any{"c": []string{te.seed.Companies["Kalev AS"].UUID.String()}})
	assert.Equal(t, "RECORD_NOT_FOUND", code, "a company the agent is not staff of")

	for _, limit := range []int{0, -1, 51, 1000} {
		_, code, msg := upcoming(t, anna, map[string]any{"limit": limit})
		assert.Equal(t, "VALIDATION_ERROR", code, "limit %d", limit)
		assert.Equal(t, "invalid_upcoming_limit", msg, "limit %d", limit)
	}

	// a category no longer in use: its runs fail there, so nobody is asked for its tasks
	_, err := te.st.Pool.Exec(context.Background(), `UPDATE categories SET active = false WHERE id = $1`,
		te.seed.Categories["Payroll"].ID)
	require.NoError(t, err)
	items, code, _ = upcoming(t, carl, map[string]any{"limit": 50})
	require.Empty(t, code)
	assert.Empty(t, items, "Payroll is not used any more")
}
