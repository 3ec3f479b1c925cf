package inbox_test

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

// paramStructure is a published version whose start node declares
// parameters: one without a label, and one the run leaves out.
const paramStructure = `{"nodes": [
  {"id": "start", "type": "start", "position": {"x": 0, "y": 0}, "data": {"label": "Start", "parameters": [
    {"name": "period", "label": "Period", "type": "date", "required": true},
    {"name": "hasPayroll", "label": "Company runs payroll", "type": "boolean"},
    {"name": "employees", "type": "number"},
    {"name": "note", "label": "Note", "type": "string"},
    {"name": "missing", "label": "Missing", "type": "string"}]}},
  {"id": "t", "type": "task", "position": {"x": 0, "y": 100}, "data": {"title": "T"}},
  {"id": "end", "type": "end", "position": {"x": 0, "y": 200}, "data": {}}],
 "edges": [{"id": "e1", "source": "start", "target": "t"}, {"id": "e2", "source": "t", "target": "end"}]}`

// paramInstance writes a run of a new version of the demo workflow that
// declares parameters (paramStructure), with the given values.
func (e *env) paramInstance(t *testing.T, company, params string) (companyID, instanceID int64) {
	t.Helper()
	ctx := context.Background()
	c := e.seed.Companies[company]
	w, err := e.st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	cw, err := e.st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: c.ID, WorkflowID: w.ID})
	require.NoError(t, err)
	var version int64
	require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO workflow_versions (workflow_id, version, structure)
		SELECT $1, max(version) + 1, $2::jsonb FROM workflow_versions WHERE workflow_id = $1 RETURNING id`,
		w.ID, paramStructure).Scan(&version))
	id := uuid.New()
	wi, err := e.st.WorkflowInstanceCreate(ctx, store.WorkflowInstanceCreateParams{CompanyID: c.ID, UUID: id,
		CompanyWorkflowID: cw.ID, WorkflowID: w.ID, WorkflowVersionID: version, Parameters: json.RawMessage(params),
		TotalStepsCount: 1, TemporalWorkflowID: "test-" + id.String()})
	require.NoError(t, err)
	return c.ID, wi.ID
}

func str(s string) *string { return &s }

// Workflow threads carry their workflow and the run's parameters (declared
// order, label defaulting to the name, values as text, null when absent) in
// the list and the single thread; other threads have no workflow and no
// parameters.
func TestTaskWorkflowColumns(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	companyID, instanceID := e.paramInstance(t, "Acme Oy",
		`{"period": "2025-01-31", "hasPayroll": true, "employees": 12.5, "note": "needs \"care\""}`)
	wf := e.wfTask(t, e.svc, companyID, instanceID, "Accounting", "t")
	plain := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "plain")
	w, err := e.st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	want := []inbox.WorkflowParameter{
		{Key: "period", Label: "Period", Value: str("2025-01-31")},
		{Key: "hasPayroll", Label: "Company runs payroll", Value: str("true")},
		{Key: "employees", Label: "employees", Value: str("12.5")},
		{Key: "note", Label: "Note", Value: str(`needs "care"`)},
		{Key: "missing", Label: "Missing"},
	}
	acme := e.company("Acme Oy")
	for _, user := range []string{"agent@portico.test", "anna@acme.test"} {
		l, err := e.svc.Tasks(ctx, e.req(user), inbox.ListParams{Selection: inbox.Selection{CompanyID: &acme}, Limit: 30})
		require.NoError(t, err)
		seen := 0
		for _, task := range l.Collection {
			switch task.UUID {
			case wf:
				seen++
				require.Equal(t, &inbox.WorkflowRef{UUID: w.UUID, Name: demo.DemoWorkflowName}, task.Workflow, user)
				require.Equal(t, want, task.WorkflowParameters, user)
			case plain.UUID:
				seen++
				require.Nil(t, task.Workflow, user)
				require.Equal(t, []inbox.WorkflowParameter{}, task.WorkflowParameters, user)
			}
		}
		require.Equal(t, 2, seen, "both threads listed for %s", user)
		one, err := e.svc.Task(ctx, e.req(user), wf)
		require.NoError(t, err)
		require.Equal(t, want, one.WorkflowParameters, "inboxTask of %s", user)
		require.Equal(t, demo.DemoWorkflowName, one.Workflow.Name)
	}
}

// The workflow columns cost one query per page, whatever the page size and
// however many runs its threads belong to.
func TestTaskWorkflowColumnsRoundTrips(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	for i := range 3 {
		companyID, instanceID := e.paramInstance(t, "Acme Oy", `{"period": "2025-01-31"}`)
		for j := range 40 {
			e.wfTask(t, e.svc, companyID, instanceID, "Accounting", "n"+itoa(int64(i*100+j)))
		}
	}
	st, qc := countingStore(t, e.st.Pool.Config().ConnString())
	svc := inbox.New(st, org.NewDirectory(st), inbox.Options{})
	acme := e.company("Acme Oy")
	var got []int64
	for _, limit := range []int{10, 30, 200} {
		rctx := org.WithMemo(ctx)
		_, err := svc.Tasks(rctx, e.req("agent@portico.test"), inbox.ListParams{Selection: inbox.Selection{CompanyID: &acme}, Limit: 1})
		require.NoError(t, err)
		qc.n.Store(0)
		l, err := svc.Tasks(rctx, e.req("agent@portico.test"), inbox.ListParams{Selection: inbox.Selection{CompanyID: &acme}, Limit: limit})
		require.NoError(t, err)
		require.Len(t, l.Collection, min(limit, 120))
		for _, task := range l.Collection {
			require.NotNil(t, task.Workflow)
			require.Len(t, task.WorkflowParameters, 5)
		}
		got = append(got, qc.n.Load())
	}
	require.Equal(t, []int64{got[0], got[0], got[0]}, got, "round trips for limits 10, 30, 200")
}
