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
	"portico/engine/workflow"
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
	w, wfID := workflowThread(t, e, "Acme Oy", "workflow task")

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

// InboxTask.workflowInstanceId is the run's uuid, the id the workflow
// mutations take, never its internal number (issue 17 item 6).
func TestInboxTaskWorkflowInstanceIDIsTheRunUUID(t *testing.T) {
	e, u, acme := setupInbox(t)
	_, threadID := workflowThread(t, e, "Acme Oy", "workflow task")
	var run uuid.UUID
	require.NoError(t, e.st.Pool.QueryRow(context.Background(), `SELECT wi.uuid FROM threads t
		JOIN workflow_instances wi ON wi.id = t.workflow_instance_id WHERE t.uuid = $1`, threadID).Scan(&run))
	var task struct{ WorkflowInstanceID *string }
	u["agent"].gql(`query($c: ID, $id: ID!) { inboxTask(companyId: $c, id: $id) { workflowInstanceId } }`,
		map[string]any{"c": acme, "id": threadID.String()}, "inboxTask", &task)
	require.NotNil(t, task.WorkflowInstanceID)
	require.Equal(t, run.String(), *task.WorkflowInstanceID)
	var page struct {
		Collection []struct{ UUID, WorkflowInstanceID *string }
	}
	u["agent"].gql(`query($c: ID) { inboxTasks(companyId: $c, limit: 50) { collection { uuid workflowInstanceId } } }`,
		map[string]any{"c": acme}, "inboxTasks", &page)
	found := false
	for _, r := range page.Collection {
		if *r.UUID == threadID.String() {
			found = true
			require.Equal(t, run.String(), *r.WorkflowInstanceID)
		} else {
			require.Nil(t, r.WorkflowInstanceID)
		}
	}
	require.True(t, found)
}

// workflowThread makes a workflow task in the company: a run of a new version
// of the demo workflow with parameter year (2025).
func workflowThread(t *testing.T, e env, companyName, title string) (store.Workflow, uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	seed := demoSeed(t, e.st)
	w, err := e.st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	company := seed.Companies[companyName]
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
	var id uuid.UUID
	var committed func(context.Context)
	require.NoError(t, e.st.InTx(ctx, func(q *store.Queries) (err error) {
		id, committed, err = svc.CreateWorkflowTask(ctx, q, workflow.NewTask{CompanyID: company.ID,
			CategoryID: seed.Categories["Accounting"].ID, InstanceID: wi.ID, NodeID: "n-" + run.String(), Title: title})
		return err
	}))
	committed(ctx)
	return w, id
}

// demoSeed reads the demo organisation again (Seed is idempotent).
func demoSeed(t *testing.T, st *store.Store) demo.Seeded {
	t.Helper()
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(t, err)
	return seed
}

// porticoUsers through GraphQL: staff for an agent, nobody for a customer
// admin, not found for another company.
func TestPorticoUsersThroughGraphQL(t *testing.T) {
	_, u, acme := setupInbox(t)
	const q = `query($c: ID, $s: String, $p: Int, $l: Int, $t: ID) {
  porticoUsers(companyId: $c, search: $s, page: $p, limit: $l, taskId: $t) { collection { uuid name email userType active } totalCount } }`
	type page struct {
		Collection []struct {
			UUID, Name, Email, UserType string
			Active                      bool
		}
		TotalCount int
	}
	var got page
	u["agent"].gql(q, map[string]any{"c": acme}, "porticoUsers", &got)
	require.Equal(t, 2, got.TotalCount)
	require.Len(t, got.Collection, 2)
	require.Equal(t, "Aaro Agentadmin", got.Collection[0].Name)
	require.Equal(t, "agentadmin@portico.test", got.Collection[0].Email)
	require.Equal(t, "portico_user", got.Collection[0].UserType)
	require.NotEmpty(t, got.Collection[0].UUID)

	got = page{}
	u["agent"].gql(q, map[string]any{"s": "alex", "l": 1}, "porticoUsers", &got)
	require.Equal(t, 1, got.TotalCount)
	require.Equal(t, "Alex Agent", got.Collection[0].Name)

	got = page{}
	u["anna"].gql(q, map[string]any{"c": acme}, "porticoUsers", &got)
	require.Zero(t, got.TotalCount)
	require.Empty(t, got.Collection, "customers get no staff")

	require.Equal(t, "RECORD_NOT_FOUND", u["eva"].gqlError(q, map[string]any{"c": acme}), "another company")
	require.Equal(t, "RECORD_NOT_FOUND", u["agent"].gqlError(q, map[string]any{"t": "not-a-uuid"}))
}

// listed is the set of threads inboxTasks lists for the arguments.
func listed(c *client, args string, vars map[string]any) map[string]bool {
	c.t.Helper()
	var page struct{ Collection []struct{ UUID string } }
	c.gql(`query($c: ID) { inboxTasks(companyId: $c, limit: 200, `+args+`) { collection { uuid } } }`, vars, "inboxTasks", &page)
	out := map[string]bool{}
	for _, r := range page.Collection {
		out[r.UUID] = true
	}
	return out
}

// bulkChanged runs a bulk mutation over allTasks and returns the threads it changed.
func bulkChanged(c *client, mutation, args string, vars map[string]any) map[string]bool {
	c.t.Helper()
	var p struct {
		Result []struct {
			TaskID  string
			Success bool
		}
		Errors []struct{ Code, Message string }
	}
	c.gql(`mutation($c: ID) { `+mutation+`(companyId: $c, allTasks: true, `+args+`) { result { taskId success } errors { code message } } }`,
		vars, mutation, &p)
	require.Empty(c.t, p.Errors)
	out := map[string]bool{}
	for _, r := range p.Result {
		require.True(c.t, r.Success)
		out[r.TaskID] = true
	}
	return out
}

// allTasks honours the tabs like inboxTasks: assignedMe changes only the
// viewer's threads, meCustomers only those of companies the viewer is
// responsible for, todo only a customer's open workflow tasks.
func TestBulkAllTasksHonoursTabs(t *testing.T) {
	e, u, acme := setupInbox(t)
	seed := demoSeed(t, e.st)
	agent := u["agent"]
	borealis := seed.Companies["Borealis AB"].UUID.String()
	create := func(company, title string) string {
		var created struct{ Task struct{ UUID string } }
		agent.gql(`mutation($c: ID!, $t: String!) { createTask(companyId: $c, categoryId: "1", title: $t) { task { uuid } } }`,
			map[string]any{"c": company, "t": title}, "createTask", &created)
		return created.Task.UUID
	}
	assign := func(task, email string) {
		var p struct{ Errors []any }
		agent.gql(`mutation($t: ID!, $u: ID) { assignTaskTo(taskId: $t, userId: $u) { errors { code } } }`,
			map[string]any{"t": task, "u": seed.Users[email].UUID.String()}, "assignTaskTo", &p)
		require.Empty(t, p.Errors)
	}
	mine1, mine2 := create(acme, "mine 1"), create(acme, "mine 2")
	theirs, nobodys := create(acme, "theirs"), create(acme, "nobody's")
	mineBorealis, borealisOther := create(borealis, "mine in Borealis"), create(borealis, "Borealis")
	assign(mine1, "agent@portico.test")
	assign(mine2, "agent@portico.test")
	assign(mineBorealis, "agent@portico.test")
	assign(theirs, "agentadmin@portico.test")
	_, wfID := workflowThread(t, e, "Acme Oy", "to do")
	wf := wfID.String()

	// assignedMe in one company: only the agent's threads there
	vars := map[string]any{"c": acme}
	want := map[string]bool{mine1: true, mine2: true}
	require.Equal(t, want, listed(agent, "assignedMe: true", vars))
	require.Equal(t, want, bulkChanged(agent, "changeTasksPriority", `assignedMe: true, priority: "high"`, vars))
	high := listed(agent, `filters: {priority: ["high"]}`, vars)
	require.Equal(t, want, high, "nothing else changed")
	require.False(t, high[theirs] || high[nobodys] || high[wf])

	// assignedMe over every company
	vars = map[string]any{}
	want = map[string]bool{mine1: true, mine2: true, mineBorealis: true}
	require.Equal(t, want, listed(agent, "assignedMe: true", vars))
	require.Equal(t, want, bulkChanged(agent, "changeTasksUnread", "assignedMe: true, unreadStatus: true", vars))

	// meCustomers: the agent is responsible for Acme Oy, not Borealis AB
	inList := listed(agent, "meCustomers: true", vars)
	require.True(t, inList[theirs] && inList[nobodys] && inList[wf])
	require.False(t, inList[mineBorealis] || inList[borealisOther])
	require.Equal(t, inList, bulkChanged(agent, "changeTasksDueDate", `meCustomers: true, dueDate: "2031-01-01T12:00:00Z"`, vars))
	due := listed(agent, `filters: {dueDateFrom: "2031-01-01T00:00:00Z", dueDateTo: "2031-01-02T00:00:00Z"}`, vars)
	require.Equal(t, inList, due, "only my customers' threads got the due date")

	// todo (a customer): only the open workflow task
	vars = map[string]any{"c": acme}
	want = map[string]bool{wf: true}
	require.Equal(t, want, listed(u["anna"], "todo: true", vars))
	require.Equal(t, want, bulkChanged(u["anna"], "changeTasksUnread", "todo: true, unreadStatus: true", vars))
}
