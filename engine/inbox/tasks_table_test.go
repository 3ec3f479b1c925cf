package inbox_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

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

// workflowThreadsCounted makes 120 workflow threads of Acme in three runs (with
// parameters) and answers a service whose statements are counted.
func (e *env) workflowThreadsCounted(t *testing.T) (*inbox.Service, *queryCounter) {
	t.Helper()
	for i := range 3 {
		companyID, instanceID := e.paramInstance(t, "Acme Oy", `{"period": "2025-01-31"}`)
		for j := range 40 {
			e.wfTask(t, e.svc, companyID, instanceID, "Accounting", "n"+itoa(int64(i*100+j)))
		}
	}
	st, qc := countingStore(t, e.st.Pool.Config().ConnString())
	return inbox.New(st, org.NewDirectory(st), inbox.Options{}), qc
}

// The workflow columns cost one query per page, whatever the page size and
// however many runs its threads belong to.
func TestTaskWorkflowColumnsRoundTrips(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	svc, qc := e.workflowThreadsCounted(t)
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

// otherRun writes a run of a second workflow (made here) for a company.
func (e *env) otherRun(t *testing.T, company, name string) (companyID, instanceID int64) {
	t.Helper()
	ctx := context.Background()
	c := e.seed.Companies[company]
	var wid, version, cwID int64
	require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO workflows (name, category_id, draft) VALUES ($1, $2, false)
		ON CONFLICT (lower(name)) WHERE deleted_at IS NULL DO UPDATE SET updated_at = now() RETURNING id`,
		name, e.category("Accounting")).Scan(&wid))
	require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO workflow_versions (workflow_id, version, structure)
		SELECT $1, coalesce(max(version), 0) + 1, $2::jsonb FROM workflow_versions WHERE workflow_id = $1 RETURNING id`,
		wid, paramStructure).Scan(&version))
	require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO company_workflows (company_id, workflow_id, country_id)
		SELECT $1, $2, country_id FROM company_countries WHERE company_id = $1 LIMIT 1
		ON CONFLICT (company_id, workflow_id) WHERE unassigned_at IS NULL DO UPDATE SET parameters = company_workflows.parameters
		RETURNING id`, c.ID, wid).Scan(&cwID))
	id := uuid.New()
	wi, err := e.st.WorkflowInstanceCreate(ctx, store.WorkflowInstanceCreateParams{CompanyID: c.ID, UUID: id,
		CompanyWorkflowID: cwID, WorkflowID: wid, WorkflowVersionID: version, Parameters: json.RawMessage(`{}`),
		TotalStepsCount: 1, TemporalWorkflowID: "test-" + id.String()})
	require.NoError(t, err)
	return c.ID, wi.ID
}

// tableFixture makes a varied set of threads in Acme Oy and Borealis AB:
// titles differing in case and repeated, every priority and several
// statuses, due dates repeated and missing, three responsibles and nobody,
// two workflows and none.
func tableFixture(t *testing.T, e *env) {
	t.Helper()
	ctx := context.Background()
	boss := e.req("agentadmin@portico.test")
	acmeRun := [2]int64{}
	acmeRun[0], acmeRun[1] = e.paramInstance(t, "Acme Oy", `{"period": "2025-01-31"}`)
	annual := [2]int64{}
	annual[0], annual[1] = e.otherRun(t, "Acme Oy", "Annual report")
	borealisRun := [2]int64{}
	borealisRun[0], borealisRun[1] = e.otherRun(t, "Borealis AB", "Annual report")
	titles := []string{"alpha", "Bravo", "charlie", "Alpha", "delta", "bravo", "echo"}
	priorities := []string{"low", "medium", "high", "very_high"}
	statuses := []string{"", inbox.StatusInProgress, "", inbox.StatusClosed, ""}
	assignees := []string{"agent@portico.test", "", "agentadmin@portico.test", "agent@portico.test"}
	base := time.Date(2030, 3, 1, 12, 0, 0, 0, time.UTC)
	for i := range 34 {
		company := "Acme Oy"
		if i%3 == 2 {
			company = "Borealis AB"
		}
		var id uuid.UUID
		switch {
		case i%5 == 1 && company == "Acme Oy":
			id = e.wfTask(t, e.svc, acmeRun[0], acmeRun[1], "Accounting", "a"+itoa(int64(i)))
		case i%5 == 3 && company == "Acme Oy":
			id = e.wfTask(t, e.svc, annual[0], annual[1], "Accounting", "b"+itoa(int64(i)))
		case i%4 == 0 && company == "Borealis AB":
			id = e.wfTask(t, e.svc, borealisRun[0], borealisRun[1], "Accounting", "c"+itoa(int64(i)))
		default:
			id = e.create(t, "agentadmin@portico.test", company, "Accounting", "x").UUID
		}
		title := titles[i%len(titles)]
		_, err := e.svc.ChangeUrgent(ctx, boss, id, false)
		require.NoError(t, err)
		_, err = e.st.Pool.Exec(ctx, `UPDATE threads SET title = $1 WHERE uuid = $2`, title, id)
		require.NoError(t, err)
		_, err = e.svc.ChangePriority(ctx, boss, id, priorities[i%len(priorities)])
		require.NoError(t, err)
		if i%4 != 3 {
			due := base.AddDate(0, 0, i%6)
			_, err = e.svc.ChangeDueDate(ctx, boss, id, &due)
			require.NoError(t, err)
		}
		if a := assignees[i%len(assignees)]; a != "" {
			u := e.seed.Users[a].UUID
			_, err = e.svc.AssignTo(ctx, boss, id, &u, false)
			require.NoError(t, err)
		}
		if s := statuses[i%len(statuses)]; s != "" {
			_, err = e.svc.ChangeStatus(ctx, boss, id, s)
			require.NoError(t, err)
		}
	}
}

// sortKey is one thread's place in an order, computed from what the viewer
// sees: the test's own reading of the orders.
func sortKey(task *inbox.Task, field string) (empty bool, text string, num float64) {
	rank := func(list []string, v string) float64 { return float64(slices.Index(list, v)) }
	switch field {
	case "title":
		return false, strings.ToLower(task.Title), 0
	case "company":
		return false, strings.ToLower(task.Company.Company.Name), 0
	case "workflow":
		if task.Workflow == nil {
			return true, "", 0
		}
		return false, strings.ToLower(task.Workflow.Name), 0
	case "responsible":
		if task.Responsible == nil {
			return true, "", 0
		}
		return false, strings.ToLower(task.Responsible.Name), 0
	case "priority":
		return false, "", rank([]string{"low", "medium", "high", "very_high"}, task.Priority)
	case "status":
		return false, "", rank([]string{"created", "in_progress", "closed", "skipped", "failed", "cancelled"}, task.Status)
	case "dueDate":
		if task.DueDate == nil {
			return true, "", 0
		}
		return false, "", float64(task.DueDate.UnixMicro())
	case "activityAt":
		return false, "", float64(task.ActivityAt.UnixMicro())
	}
	panic(field)
}

// expectOrder sorts tasks as orderBy field dir, orderByDueDate dueDir says.
func expectOrder(tasks []*inbox.Task, field string, desc, dueDesc bool) []uuid.UUID {
	sorted := slices.Clone(tasks)
	slices.SortStableFunc(sorted, func(a, b *inbox.Task) int {
		ae, at, an := sortKey(a, field)
		be, bt, bn := sortKey(b, field)
		flip := func(c int, d bool) int {
			if d {
				return -c
			}
			return c
		}
		if c := cmpBool(ae, be); c != 0 {
			return c // empty last either way
		}
		if c := flip(strings.Compare(at, bt), desc); c != 0 {
			return c
		}
		if c := flip(cmp.Compare(an, bn), desc); c != 0 {
			return c
		}
		if c := cmpBool(a.DueDate == nil, b.DueDate == nil); c != 0 {
			return c
		}
		if a.DueDate != nil {
			if c := flip(a.DueDate.Compare(*b.DueDate), dueDesc); c != 0 {
				return c
			}
		}
		if c := b.ActivityAt.Compare(a.ActivityAt); c != 0 {
			return c
		}
		return bytes.Compare(a.UUID[:], b.UUID[:])
	})
	out := make([]uuid.UUID, len(sorted))
	for i, task := range sorted {
		out[i] = task.UUID
	}
	return out
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// page walks every page of a list of the given size.
func walk(t *testing.T, e *env, user string, lp inbox.ListParams) []*inbox.Task {
	t.Helper()
	var all []*inbox.Task
	for range 100 {
		l, err := e.svc.Tasks(context.Background(), e.req(user), lp)
		require.NoError(t, err)
		all = append(all, l.Collection...)
		if len(l.Collection) < lp.Limit {
			return all
		}
		lp.LastID = &l.Collection[len(l.Collection)-1].UUID
	}
	t.Fatal("no end of pages")
	return nil
}

func ids(tasks []*inbox.Task) []uuid.UUID {
	out := make([]uuid.UUID, len(tasks))
	for i, task := range tasks {
		out[i] = task.UUID
	}
	return out
}

// Every orderBy field in both directions, with either due-date direction,
// pages through every thread once, in the order the field, the due date,
// the last update and the uuid give; for a customer too (staff sort as the
// provider, as they see them).
func TestTasksOrderBy(t *testing.T) {
	e := setup(t)
	tableFixture(t, e)
	yes := true
	for _, c := range []struct {
		user string
		sel  inbox.Selection
	}{
		{"agentadmin@portico.test", inbox.Selection{Filters: inbox.Filters{ShowCompleted: &yes}}},
		{"anna@acme.test", inbox.Selection{Filters: inbox.Filters{ShowCompleted: &yes}}},
	} {
		all := walk(t, e, c.user, inbox.ListParams{Selection: c.sel, Limit: 200})
		require.Greater(t, len(all), 15, c.user)
		for _, field := range inbox.OrderFields {
			for _, dir := range []string{"asc", "desc"} {
				for _, due := range []string{"", "asc", "desc"} {
					name := c.user + " " + field + " " + dir + " due " + due
					lp := inbox.ListParams{Selection: c.sel, Limit: 7, OrderBy: field + " " + dir, OrderByDueDate: due}
					got := walk(t, e, c.user, lp)
					want := expectOrder(all, field, dir == "desc", due == "desc")
					require.Equal(t, want, ids(got), name)
					lp.Limit = 200
					require.Equal(t, want, ids(walk(t, e, c.user, lp)), name+" in one page")
				}
			}
		}
	}
}

// Without orderBy, and while searching whatever orderBy says, the order is
// the default one; a bad orderBy or orderByDueDate is an argument error.
func TestTasksOrderByDefaultsAndErrors(t *testing.T) {
	e := setup(t)
	tableFixture(t, e)
	user := "agentadmin@portico.test"
	plain := walk(t, e, user, inbox.ListParams{Limit: 5})
	require.Equal(t, ids(plain), ids(walk(t, e, user, inbox.ListParams{Limit: 5, OrderByDueDate: "desc"})),
		"orderByDueDate alone changes nothing")
	q := "bravo"
	search := inbox.Selection{Filters: inbox.Filters{Query: &q}}
	found := walk(t, e, user, inbox.ListParams{Selection: search, Limit: 3})
	require.NotEmpty(t, found)
	require.Equal(t, ids(found), ids(walk(t, e, user, inbox.ListParams{Selection: search, Limit: 3, OrderBy: "title desc"})),
		"no sorting while searching")
	for _, c := range []struct{ orderBy, due, want string }{
		{"titel asc", "", "ARGUMENT_ERROR:invalid_order_by"},
		{"title up", "", "ARGUMENT_ERROR:invalid_order_by"},
		{"title", "", "ARGUMENT_ERROR:invalid_order_by"},
		{"title asc desc", "", "ARGUMENT_ERROR:invalid_order_by"},
		{"Title ASC", "", "ARGUMENT_ERROR:invalid_order_by"},
		{"title asc", "sideways", "ARGUMENT_ERROR:invalid_order_by_due_date"},
		{"", "ASC", "ARGUMENT_ERROR:invalid_order_by_due_date"},
		{"title desc", "desc", ""},
	} {
		l, err := e.svc.Tasks(context.Background(), e.req(user), inbox.ListParams{Limit: 5, OrderBy: c.orderBy, OrderByDueDate: c.due})
		require.Equal(t, c.want, code(err), "%q %q", c.orderBy, c.due)
		if err != nil {
			require.Nil(t, l)
		}
	}
}

func names(people []inbox.Person) []string {
	out := make([]string, len(people))
	for i, p := range people {
		out[i] = p.Name
	}
	return out
}

// porticoUsers: active staff with an active membership, per company, per
// thread (exactly whom assignTaskTo accepts) or in every company the viewer
// sees; searchable and paged. Customers get nobody; companies and threads
// out of sight are not found.
func TestStaff(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acme, borealis, kalev := e.company("Acme Oy"), e.company("Borealis AB"), e.company("Kalev AS")
	// a staff member whose Acme membership is inactive, and an inactive staff user
	for _, u := range []struct {
		email, name  string
		active, memb bool
	}{{"zed@portico.test", "Zed Former", true, false}, {"bo@portico.test", "Bo Gone", false, true}} {
		_, err := e.st.Pool.Exec(ctx, `WITH u AS (INSERT INTO users (email, name, user_type, active) VALUES ($1, $2, 'portico_user', $3) RETURNING id)
			INSERT INTO portico_users (company_id, user_id, active) SELECT $4, id, $5 FROM u`,
			u.email, u.name, u.active, e.seed.Companies["Acme Oy"].ID, u.memb)
		require.NoError(t, err)
	}
	// the agent no longer reads Payroll in Acme
	_, err := e.st.Pool.Exec(ctx, `DELETE FROM portico_user_categories puc USING portico_users pu
		WHERE puc.company_id = pu.company_id AND puc.portico_user_id = pu.id AND pu.user_id = $1 AND pu.company_id = $2
		AND puc.category_id = $3`, e.seed.Users["agent@portico.test"].ID, e.seed.Companies["Acme Oy"].ID, e.category("Payroll"))
	require.NoError(t, err)
	payroll := e.create(t, "agentadmin@portico.test", "Acme Oy", "Payroll", "salaries").UUID
	accounting := e.create(t, "agentadmin@portico.test", "Acme Oy", "Accounting", "ledger").UUID
	borealisTask := e.create(t, "agentadmin@portico.test", "Borealis AB", "Accounting", "books").UUID
	both := []string{"Aaro Agentadmin", "Alex Agent"}

	for _, c := range []struct {
		name, user string
		p          inbox.StaffParams
		want       []string
		total      int64
		err        string
	}{
		{"agent, one company", "agent@portico.test", inbox.StaffParams{CompanyID: &acme}, both, 2, ""},
		{"agent, every company", "agent@portico.test", inbox.StaffParams{}, both, 2, ""},
		{"agent, by name", "agent@portico.test", inbox.StaffParams{CompanyID: &acme, Search: " ALEX "}, []string{"Alex Agent"}, 1, ""},
		{"agent, by e-mail", "agent@portico.test", inbox.StaffParams{Search: "agentadmin@"}, []string{"Aaro Agentadmin"}, 1, ""},
		{"agent, search is literal", "agent@portico.test", inbox.StaffParams{Search: "a%"}, []string{}, 0, ""},
		{"agent, page 2 of 1", "agent@portico.test", inbox.StaffParams{CompanyID: &acme, Page: 2, Limit: 1}, []string{"Alex Agent"}, 2, ""},
		{"agent, past the end", "agent@portico.test", inbox.StaffParams{CompanyID: &acme, Page: 3, Limit: 1}, []string{}, 2, ""},
		{"agent, thread in a category only the admin reads", "agent@portico.test", inbox.StaffParams{TaskID: &accounting}, both, 2, ""},
		{"admin, payroll thread", "agentadmin@portico.test", inbox.StaffParams{TaskID: &payroll}, []string{"Aaro Agentadmin"}, 1, ""},
		{"agent, thread and its company", "agent@portico.test", inbox.StaffParams{TaskID: &borealisTask, CompanyID: &borealis}, both, 2, ""},
		{"agent, thread and another company", "agent@portico.test", inbox.StaffParams{TaskID: &borealisTask, CompanyID: &acme}, nil, 0, "RECORD_NOT_FOUND:inbox_task_not_found"},
		{"agent, other company", "agent@portico.test", inbox.StaffParams{CompanyID: &kalev}, nil, 0, "RECORD_NOT_FOUND:record_not_found"},
		{"agent, thread it may not read", "agent@portico.test", inbox.StaffParams{TaskID: &payroll}, nil, 0, "RECORD_NOT_FOUND:inbox_task_not_found"},
		{"global admin, every company", "admin@portico.test", inbox.StaffParams{}, both, 2, ""},
		{"customer admin, own company", "anna@acme.test", inbox.StaffParams{CompanyID: &acme}, []string{}, 0, ""},
		{"customer admin, a thread", "anna@acme.test", inbox.StaffParams{TaskID: &accounting}, []string{}, 0, ""},
		{"customer admin, every company", "anna@acme.test", inbox.StaffParams{}, []string{}, 0, ""},
		{"customer admin, other company", "anna@acme.test", inbox.StaffParams{CompanyID: &borealis}, nil, 0, "RECORD_NOT_FOUND:record_not_found"},
		{"customer admin, other company's thread", "anna@acme.test", inbox.StaffParams{TaskID: &borealisTask}, nil, 0, "RECORD_NOT_FOUND:inbox_task_not_found"},
		{"other company's customer", "eva@borealis.test", inbox.StaffParams{CompanyID: &acme}, nil, 0, "RECORD_NOT_FOUND:record_not_found"},
	} {
		people, total, err := e.svc.Staff(ctx, e.req(c.user), c.p)
		require.Equal(t, c.err, code(err), c.name)
		if c.err != "" {
			continue
		}
		require.Equal(t, c.want, names(people), c.name)
		require.Equal(t, c.total, total, c.name)
		for _, p := range people {
			require.False(t, p.Masked, c.name)
			require.NotEqual(t, uuid.Nil, p.UUID, c.name)
		}
	}

	// whom the list offers for a thread is whom assignTaskTo accepts
	boss := e.req("agentadmin@portico.test")
	offered, _, err := e.svc.Staff(ctx, boss, inbox.StaffParams{TaskID: &payroll})
	require.NoError(t, err)
	for _, email := range []string{"agentadmin@portico.test", "agent@portico.test", "zed@portico.test"} {
		var id uuid.UUID
		require.NoError(t, e.st.Pool.QueryRow(ctx, `SELECT uuid FROM users WHERE email = $1`, email).Scan(&id))
		_, err := e.svc.AssignTo(ctx, boss, payroll, &id, false)
		listed := slices.ContainsFunc(offered, func(p inbox.Person) bool { return p.UUID == id })
		require.Equal(t, listed, err == nil, "%s: listed %v, assign error %v", email, listed, err)
	}
}
