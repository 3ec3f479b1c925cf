package inbox_test

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/inbox"
	"portico/engine/org"
)

func TestSearch(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	pay := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "Salary payments for March")
	acc := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "Laskut maaliskuulta")
	bor := e.create(t, "eva@borealis.test", "Borealis AB", "Accounting", "Fakturorna för april")
	_, err := e.svc.CreateMessage(ctx, e.req("agent@portico.test"), inbox.CreateMessageParams{TaskID: acc.UUID,
		Body: "<p>The <strong>quarterly</strong> report is attached &lt;script&gt;</p>"})
	require.NoError(t, err)
	_, _, err = e.svc.CreateAttachment(ctx, e.req("anna@acme.test"), pay.UUID, inbox.Upload{Filename: "payslip-summary.pdf",
		Size: 3, Content: bytes.NewReader([]byte("pdf"))})
	require.NoError(t, err)
	hidden := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "Quarterly hidden thread")
	_, err = e.svc.Delete(ctx, e.req("admin@portico.test"), hidden.UUID)
	require.NoError(t, err)

	type hit struct{ title, kind string }
	run := func(user string, p inbox.SearchParams) ([]hit, *inbox.SearchResult, error) {
		res, err := e.svc.Search(ctx, e.req(user), p)
		if err != nil {
			return nil, nil, err
		}
		out := []hit{}
		for _, h := range res.Collection {
			out = append(out, hit{h.Task.Title, h.EntityType})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].title+out[i].kind < out[j].title+out[j].kind })
		return out, res, nil
	}
	table := []struct {
		name, user string
		p          inbox.SearchParams
		want       []hit
		err        string
	}{
		{"english stem", "agent@portico.test", inbox.SearchParams{Query: "payment"}, []hit{{pay.Title, inbox.HitTask}}, ""},
		{"finnish stem", "agent@portico.test", inbox.SearchParams{Query: "lasku"}, []hit{{acc.Title, inbox.HitTask}}, ""},
		{"swedish stem", "admin@portico.test", inbox.SearchParams{Query: "faktura"}, []hit{{bor.Title, inbox.HitTask}}, ""},
		{"message text", "anna@acme.test", inbox.SearchParams{Query: "quarterly"}, []hit{{acc.Title, inbox.HitMessage}}, ""},
		{"attachment name", "agent@portico.test", inbox.SearchParams{Query: "payslip"}, []hit{{pay.Title, inbox.HitAttachment}}, ""},
		{"attachments only", "agent@portico.test", inbox.SearchParams{Query: "payslip", Attachments: true}, []hit{{pay.Title, inbox.HitAttachment}}, ""},
		{"attachments only, no file", "agent@portico.test", inbox.SearchParams{Query: "quarterly", Attachments: true}, []hit{}, ""},
		{"person name (staff)", "agent@portico.test", inbox.SearchParams{Query: "Eva", CompanyID: ptr(e.company("Borealis AB"))}, []hit{{bor.Title, inbox.HitUser}}, ""},
		{"carl: payroll only", "carl@acme.test", inbox.SearchParams{Query: "quarterly"}, []hit{}, ""},
		{"carl sees payroll", "carl@acme.test", inbox.SearchParams{Query: "salary"}, []hit{{pay.Title, inbox.HitTask}}, ""},
		{"eva: other company", "eva@borealis.test", inbox.SearchParams{Query: "salary"}, []hit{}, ""},
		{"eva: not her company", "eva@borealis.test", inbox.SearchParams{Query: "salary", CompanyID: ptr(e.company("Acme Oy"))}, nil, "RECORD_NOT_FOUND:record_not_found"},
		{"senders filter", "agent@portico.test", inbox.SearchParams{Query: "quarterly", Senders: []uuid.UUID{e.seed.Users["eva@borealis.test"].UUID}}, []hit{}, ""},
		{"participants filter", "agent@portico.test", inbox.SearchParams{Query: "quarterly", Participants: []uuid.UUID{e.seed.Users["agent@portico.test"].UUID}}, []hit{{acc.Title, inbox.HitMessage}}, ""},
		{"empty query", "agent@portico.test", inbox.SearchParams{Query: "  "}, nil, "VALIDATION_ERROR:required"},
	}
	for _, c := range table {
		t.Run(c.name, func(t *testing.T) {
			got, _, err := run(c.user, c.p)
			require.Equal(t, c.err, code(err))
			if err == nil {
				require.Equal(t, c.want, got)
			}
		})
	}

	_, res, err := run("anna@acme.test", inbox.SearchParams{Query: "quarterly"})
	require.NoError(t, err)
	require.Contains(t, res.Collection[0].Highlight, "<mark>quarterly</mark>")
	require.NotContains(t, res.Collection[0].Highlight, "<script>", "the highlight is escaped")
	require.EqualValues(t, 1, res.TotalCount)
	require.Len(t, res.Senders, 1)
	require.Equal(t, "anna@acme.test", res.Senders[0].Email)
	require.Empty(t, res.Participants, "the agent who wrote it is masked for a customer")
	_, res, err = run("agent@portico.test", inbox.SearchParams{Query: "quarterly"})
	require.NoError(t, err)
	require.Len(t, res.Participants, 1)
	require.Equal(t, "agent@portico.test", res.Participants[0].Email)

	// two hits in one thread (its title and a message): one row, counted once,
	// at its newest hit; the facets still name the message's writer
	_, err = e.svc.CreateMessage(ctx, e.req("agent@portico.test"), inbox.CreateMessageParams{TaskID: pay.UUID,
		Body: "<p>The salary run is done</p>"})
	require.NoError(t, err)
	got, res, err := run("agent@portico.test", inbox.SearchParams{Query: "salary"})
	require.NoError(t, err)
	require.Equal(t, []hit{{pay.Title, inbox.HitMessage}}, got)
	require.EqualValues(t, 1, res.TotalCount)
	require.Len(t, res.Participants, 1)
}

// A common word (more index matches than the candidates a source reads)
// is read in time order instead: the same newest hits come back.
func TestSearchCommonWordWalksNewest(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	agent := e.req("agent@portico.test")
	var want []string
	for i := range 6 {
		task := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", fmt.Sprintf("budget %d", i))
		_, err := e.svc.CreateMessage(ctx, agent, inbox.CreateMessageParams{TaskID: task.UUID, Body: fmt.Sprintf("<p>budget note %d</p>", i)})
		require.NoError(t, err)
		want = append([]string{task.Title}, want...) // title and message match: one row
	}
	walking := inbox.New(e.st, org.NewDirectory(e.st), inbox.Options{SearchCandidates: 2})
	for name, svc := range map[string]*inbox.Service{"index": e.svc, "walk": walking} {
		res, err := svc.Search(ctx, agent, inbox.SearchParams{Query: "budget", Limit: 20})
		require.NoError(t, err, name)
		var got []string
		for _, h := range res.Collection {
			got = append(got, h.Task.Title)
		}
		require.Equal(t, want, got, name)
		require.EqualValues(t, 6, res.TotalCount, name)
	}
}

// Search hits carry the tasks table's workflow columns as inboxTasks does: a
// workflow thread its workflow and the run's parameters, another thread none.
func TestSearchWorkflowColumns(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	companyID, instanceID := e.paramInstance(t, "Acme Oy", `{"period": "2025-01-31", "employees": 12}`)
	wf := e.wfTask(t, e.svc, companyID, instanceID, "Accounting", "n1")
	plain := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "Receipts of March")
	w, err := e.st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	want := []inbox.WorkflowParameter{
		{Key: "period", Label: "Period", Value: str("2025-01-31")},
		{Key: "hasPayroll", Label: "Company runs payroll"},
		{Key: "employees", Label: "employees", Value: str("12")},
		{Key: "note", Label: "Note"},
		{Key: "missing", Label: "Missing"},
	}
	for _, user := range []string{"agent@portico.test", "anna@acme.test"} {
		res, err := e.svc.Search(ctx, e.req(user), inbox.SearchParams{Query: "receipts"})
		require.NoError(t, err)
		seen := map[uuid.UUID]bool{}
		for _, h := range res.Collection {
			seen[h.Task.UUID] = true
			switch h.Task.UUID {
			case wf:
				require.Equal(t, &inbox.WorkflowRef{UUID: w.UUID, Name: demo.DemoWorkflowName}, h.Task.Workflow, user)
				require.Equal(t, want, h.Task.WorkflowParameters, user)
			case plain.UUID:
				require.Nil(t, h.Task.Workflow, user)
				require.Equal(t, []inbox.WorkflowParameter{}, h.Task.WorkflowParameters, user)
			}
		}
		require.Equal(t, map[uuid.UUID]bool{wf: true, plain.UUID: true}, seen, "both threads found for %s", user)
	}
}

// Search costs the same round trips whatever the page size, workflow columns
// included: one query loads them for every workflow thread of the page.
func TestSearchRoundTripsWithWorkflowThreads(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	svc, qc := e.workflowThreadsCounted(t)
	var got []int64
	for _, limit := range []int{10, 30, 100} {
		rctx := org.WithMemo(ctx)
		_, err := svc.Search(rctx, e.req("agent@portico.test"), inbox.SearchParams{Query: "receipts", Limit: 1})
		require.NoError(t, err)
		qc.n.Store(0)
		res, err := svc.Search(rctx, e.req("agent@portico.test"), inbox.SearchParams{Query: "receipts", Limit: limit})
		require.NoError(t, err)
		require.Len(t, res.Collection, limit)
		for _, h := range res.Collection {
			require.NotNil(t, h.Task.Workflow)
			require.Len(t, h.Task.WorkflowParameters, 5)
		}
		got = append(got, qc.n.Load())
	}
	require.Equal(t, []int64{got[0], got[0], got[0]}, got, "round trips for limits 10, 30, 100")
}
