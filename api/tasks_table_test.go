package api_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
)

type tableRow struct {
	UUID, Title, Priority string
	Workflow              *struct{ UUID, Name string }
	WorkflowParameters    []struct {
		Key, Label string
		Value      *string
	}
}

const tablePage = `query($c: ID, $l: Int, $last: ID, $o: String, $d: String) {
  inboxTasks(companyId: $c, limit: $l, lastId: $last, orderBy: $o, orderByDueDate: $d) {
    collection { uuid title priority workflow { uuid name } workflowParameters { key label value } } totalCount } }`

// tableWalk pages through inboxTasks in the given order.
func tableWalk(c *client, company string, orderBy string, limit int) []tableRow {
	c.t.Helper()
	var all []tableRow
	vars := map[string]any{"c": company, "l": limit, "o": orderBy}
	for range 50 {
		var page struct{ Collection []tableRow }
		c.gql(tablePage, vars, "inboxTasks", &page)
		all = append(all, page.Collection...)
		if len(page.Collection) < limit {
			return all
		}
		vars["last"] = page.Collection[len(page.Collection)-1].UUID
	}
	c.t.Fatal("no end of pages")
	return nil
}

// The tasks table through GraphQL: sorted pages by priority rank, the
// workflow columns of a workflow thread, and a bad orderBy as ARGUMENT_ERROR.
func TestTasksTableThroughGraphQL(t *testing.T) {
	e, u, acme := setupInbox(t)
	ctx := context.Background()
	agent := u["agent"]
	for i, p := range []string{"low", "very_high", "medium", "high", "low", "very_high", "high"} {
		var created struct{ Task struct{ UUID string } }
		agent.gql(`mutation($c: ID!, $t: String!) { createTask(companyId: $c, categoryId: "1", title: $t) { task { uuid } } }`,
			map[string]any{"c": acme, "t": "task " + string(rune('a'+i))}, "createTask", &created)
		var changed struct{ Errors []any }
		agent.gql(`mutation($id: ID!, $p: String!) { changeTaskPriority(taskId: $id, priority: $p) { errors { code } } }`,
			map[string]any{"id": created.Task.UUID, "p": p}, "changeTaskPriority", &changed)
		require.Empty(t, changed.Errors)
	}

	// a workflow thread with a parameter
	seed := demoSeed(t, e.st)
	w, err := e.st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	company := seed.Companies["Acme Oy"]
	cw, err := e.st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: company.ID, WorkflowID: w.ID})
	require.NoError(t, err)
	var version int64
	require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO workflow_versions (workflow_id, version, structure)
		SELECT $1, max(version) + 1, '{"nodes": [{"id": "s", "type": "start", "data": {"parameters": [{"name": "year", "label": "Year", "type": "number"}]}}], "edges": []}'::jsonb
		FROM workflow_versions WHERE workflow_id = $1 RETURNING id`, w.ID).Scan(&version))
	run := uuid.New()
	wi, err := e.st.WorkflowInstanceCreate(ctx, store.WorkflowInstanceCreateParams{CompanyID: company.ID, UUID: run,
		CompanyWorkflowID: cw.ID, WorkflowID: w.ID, WorkflowVersionID: version, Parameters: json.RawMessage(`{"year": 2025}`),
		TotalStepsCount: 1, TemporalWorkflowID: "test-" + run.String()})
	require.NoError(t, err)
	svc := inbox.New(e.st, org.NewDirectory(e.st), inbox.Options{})
	wfID, err := svc.CreateWorkflowTask(ctx, inbox.WorkflowTask{CompanyID: company.ID, CategoryID: seed.Categories["Accounting"].ID,
		InstanceID: wi.ID, NodeID: "n", Title: "workflow task"})
	require.NoError(t, err)

	for _, dir := range []string{"asc", "desc"} {
		rows := tableWalk(agent, acme, "priority "+dir, 3)
		require.Len(t, rows, 8)
		rank := map[string]int{"low": 0, "medium": 1, "high": 2, "very_high": 3}
		seen := map[string]bool{}
		for i, r := range rows {
			require.False(t, seen[r.UUID], "no duplicates")
			seen[r.UUID] = true
			if i > 0 {
				a, b := rank[rows[i-1].Priority], rank[r.Priority]
				if dir == "desc" {
					a, b = b, a
				}
				require.LessOrEqual(t, a, b, "priority %s at %d", dir, i)
			}
			if r.UUID == wfID.String() {
				require.Equal(t, &struct{ UUID, Name string }{w.UUID.String(), demo.DemoWorkflowName}, r.Workflow)
				require.Len(t, r.WorkflowParameters, 1)
				require.Equal(t, "year", r.WorkflowParameters[0].Key)
				require.Equal(t, "Year", r.WorkflowParameters[0].Label)
				require.Equal(t, "2025", *r.WorkflowParameters[0].Value)
			} else {
				require.Nil(t, r.Workflow)
				require.NotNil(t, r.WorkflowParameters)
				require.Empty(t, r.WorkflowParameters)
			}
		}
	}

	_, res := agent.graphql(tablePage, map[string]any{"c": acme, "l": 3, "o": "priority sideways"})
	require.Len(t, res.Errors, 1)
	require.Equal(t, "ARGUMENT_ERROR", res.Errors[0].Extensions["code"])
	require.Equal(t, "invalid_order_by", res.Errors[0].Message)
	_, res = agent.graphql(tablePage, map[string]any{"c": acme, "l": 3, "o": "title asc", "d": "later"})
	require.Len(t, res.Errors, 1)
	require.Equal(t, "invalid_order_by_due_date", res.Errors[0].Message)
}

// demoSeed reads the demo organisation again (Seed is idempotent).
func demoSeed(t *testing.T, st *store.Store) demo.Seeded {
	t.Helper()
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(t, err)
	return seed
}
