package workflow_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/apperr"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
	"portico/engine/workflow"
	"portico/engine/workflow/contract"
	"portico/engine/workflow/workflowtest"
)

type env struct {
	st     *store.Store
	svc    *workflow.Service
	runner *workflowtest.Runner
	events *workflow.TaskEventRelay // what the inbox tells of its tasks' status changes
	// the service's log (workflow.Deps.Log); it logs only within the calls
	// of its test's goroutine, so the buffer needs no lock
	logged *bytes.Buffer
	seed   demo.Seeded
	// inbox writes the runs' tasks, as the worker wires it
	inbox *inbox.Service
}

var (
	seedOnce sync.Mutex
)

func setup(t *testing.T) env {
	t.Helper()
	return setupOn(t, dbtest.Store(t))
}

// setupOn seeds the demo data into st; a test that counts company-wide
// figures (inbox counters) passes its own fresh database so that parallel
// tests in the shared one cannot move them.
func setupOn(t testing.TB, st *store.Store) env {
	t.Helper()
	seedOnce.Lock()
	s, err := demo.Seed(context.Background(), st, "localhost")
	seedOnce.Unlock()
	require.NoError(t, err)
	r := &workflowtest.Runner{}
	dir := org.NewDirectory(st)
	events := workflow.NewTaskEventRelay(st, r)
	ib := inbox.New(st, dir, inbox.Options{TaskEvents: events})
	logged := &bytes.Buffer{}
	svc := workflow.New(workflow.Deps{Store: st, Directory: dir, Runner: r, Tasks: ib, Log: slog.New(slog.NewTextHandler(logged, nil))})
	return env{st: st, svc: svc, runner: r, events: events, logged: logged, seed: s, inbox: ib}
}

func (e env) req(email string) org.Request {
	return org.Request{User: e.seed.Users[email], AdminPanel: true}
}

func (e env) admin() org.Request { return e.req("admin@portico.test") }

// code returns the catalogue code and key of an error ("" for nil).
func code(err error) string {
	if err == nil {
		return ""
	}
	if e, ok := apperr.As(err); ok {
		return string(e.Code) + ":" + e.Message
	}
	return "untyped:" + err.Error()
}

func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// simple is a valid structure: start, one task (due 2 business days after
// the run starts), end; with parameters when asked.
func simple(params bool) json.RawMessage {
	start := map[string]any{"id": "s", "type": "start", "data": map[string]any{}}
	if params {
		start["data"] = map[string]any{"parameters": []any{map[string]any{"name": "period", "type": "string", "required": true}}}
	}
	return raw(map[string]any{
		"nodes": []any{start,
			map[string]any{"id": "t", "type": "task", "data": map[string]any{"title": "Do it", "assignee": map[string]any{"type": "responsible"},
				"dueDate": map[string]any{"type": "offset", "days": 2, "businessDays": true}}},
			map[string]any{"id": "e", "type": "end"}},
		"edges": []any{map[string]any{"id": "e1", "source": "s", "target": "t"}, map[string]any{"id": "e2", "source": "t", "target": "e"}},
	})
}

func ptr[T any](v T) *T { return &v }

// published creates a published workflow for fi and se in Accounting.
func (e env) published(t testing.TB, name string, params bool) workflow.Workflow {
	t.Helper()
	w, err := e.svc.CreateWorkflow(context.Background(), e.admin(), workflow.WorkflowInput{Name: ptr(name),
		CategoryID: ptr(e.seed.Categories["Accounting"].ID), Draft: ptr(false), Structure: simple(params),
		CountryIDs: ptr([]int64{e.seed.Countries["fi"].ID, e.seed.Countries["se"].ID})})
	require.NoError(t, err)
	return w
}

// assigned publishes a workflow and assigns it to Acme Oy for fi.
func (e env) assigned(t testing.TB, name string, params bool) workflow.CompanyWorkflow {
	t.Helper()
	w := e.published(t, name, params)
	cw, err := e.svc.Assign(context.Background(), e.admin(), w.UUID, e.seed.Companies["Acme Oy"].UUID, e.seed.Countries["fi"].ID)
	require.NoError(t, err)
	return cw
}

func (e env) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, e.st.Pool.QueryRow(context.Background(), sql, args...).Scan(&n))
	return n
}

func day(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

var helsinki = func() *time.Location {
	l, err := time.LoadLocation("Europe/Helsinki")
	if err != nil {
		panic(err)
	}
	return l
}()

// beginTask begins step t of a run started on runStart and answers its task.
func (e env) beginTask(t *testing.T, run uuid.UUID, runStart time.Time) uuid.UUID {
	t.Helper()
	res, err := e.svc.BeginTask(context.Background(), contract.BeginTaskInput{Instance: run, Node: "t", RunStart: runStart})
	require.NoError(t, err)
	thread, err := uuid.Parse(res.Thread)
	require.NoError(t, err)
	return thread
}
