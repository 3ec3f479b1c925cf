package temporal_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/log"
	sdktemporal "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"portico/engine/workflow/contract"
	wf "portico/engine/workflow/graph"
	"portico/temporal"
)

// graph builds a structure the way the canvas stores it.
type graph struct {
	nodes []map[string]any
	edges []map[string]any
}

func newGraph() *graph { return &graph{} }

func (g *graph) node(id, typ string, data map[string]any) *graph {
	n := map[string]any{"id": id, "type": typ, "position": map[string]any{"x": 0, "y": 0}}
	if data != nil {
		n["data"] = data
	}
	g.nodes = append(g.nodes, n)
	return g
}

func (g *graph) task(id string) *graph {
	return g.node(id, "task", map[string]any{"title": "Task " + id, "assignee": map[string]any{"type": "nobody"}})
}

func (g *graph) optional(id string) *graph {
	return g.node(id, "task", map[string]any{"title": "Task " + id, "assignee": map[string]any{"type": "nobody"}, "optional": true})
}

func (g *graph) approval(id string) *graph {
	return g.node(id, "approval", map[string]any{"title": "Approve " + id, "assignee": map[string]any{"type": "nobody"}})
}

func (g *graph) edge(src, dst string, label ...string) *graph {
	e := map[string]any{"id": fmt.Sprintf("e%d", len(g.edges)+1), "source": src, "target": dst}
	if len(label) > 0 {
		e["sourceHandle"] = label[0]
	}
	g.edges = append(g.edges, e)
	return g
}

func (g *graph) chain(ids ...string) *graph {
	for i := 1; i < len(ids); i++ {
		g.edge(ids[i-1], ids[i])
	}
	return g
}

func (g *graph) structure(t *testing.T) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(map[string]any{"nodes": g.nodes, "edges": g.edges})
	require.NoError(t, err)
	s, err := wf.ParseStructure(b)
	require.NoError(t, err)
	require.NoError(t, wf.Validate(s).Err(), "test graph must be valid")
	return b
}

var threadNS = uuid.MustParse("6f1c1f9e-0000-4000-8000-000000000000")

// threadOf is the thread the fake creates for a node's n-th attempt (from 1).
func threadOf(node string, attempt int) uuid.UUID {
	return uuid.NewSHA1(threadNS, []byte(fmt.Sprintf("%s#%d", node, attempt)))
}

// fakeRun stands in for the workflow engine's activities: it records what
// a run asks for, in memory, and answers as the database would.
type fakeRun struct {
	mu         sync.Mutex
	plan       contract.RunPlan
	attempts   map[string]int
	events     []string // task:<node>#<attempt>, done:<node>, in order
	finished   []string // node:state:outcome
	leftBehind []string
	failed     []string // node:reason
	completed  int
	cancelled  int
	resumed    int
	// failTask: node → how many BeginTask calls fail with a permanent error
	failTask map[string]int
	// status answers TaskStatus (a poll) per node
	status map[string]string
	waits  map[string]time.Duration
	// done: node → outcome the database records (an earlier execution did it)
	done map[string]string
	// stopped: the database says the run is over when this node starts
	stopped string
}

func newFakeRun(structure json.RawMessage, params string) *fakeRun {
	if params == "" {
		params = "{}"
	}
	return &fakeRun{plan: contract.RunPlan{State: contract.StateRunning, Structure: structure, Parameters: json.RawMessage(params)},
		attempts: map[string]int{}, failTask: map[string]int{},
		status: map[string]string{}, waits: map[string]time.Duration{}, done: map[string]string{}}
}

func (f *fakeRun) BeginRun(context.Context, string) (contract.RunPlan, error) { return f.plan, nil }

func (f *fakeRun) BeginTask(ctx context.Context, in contract.BeginTaskInput) (contract.BeginTaskResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failTask[in.Node] > 0 {
		f.failTask[in.Node]--
		return contract.BeginTaskResult{}, sdktemporal.NewNonRetryableApplicationError("invalid_category", temporal.PermanentErrorType, nil)
	}
	if in.Node == f.stopped {
		return contract.BeginTaskResult{Stopped: true}, nil
	}
	if outcome, ok := f.done[in.Node]; ok {
		return contract.BeginTaskResult{Done: true, State: contract.StepCompleted, Outcome: outcome}, nil
	}
	f.attempts[in.Node]++
	f.events = append(f.events, fmt.Sprintf("task:%s#%d", in.Node, f.attempts[in.Node]))
	return contract.BeginTaskResult{Thread: threadOf(in.Node, f.attempts[in.Node]).String()}, nil
}

func (f *fakeRun) TaskStatus(_ context.Context, in contract.StepRef) (contract.TaskChange, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return contract.TaskChange{NodeID: in.Node, Thread: threadOf(in.Node, f.attempts[in.Node]), Status: f.status[in.Node]}, nil
}

func (f *fakeRun) BeginWait(_ context.Context, in contract.BeginWaitInput) (time.Time, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return in.From.Add(f.waits[in.Node]), nil
}

func (f *fakeRun) FinishStep(_ context.Context, in contract.FinishStepInput) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if in.Node != "" {
		f.finished = append(f.finished, in.Node+":"+in.State+":"+in.Outcome)
		f.events = append(f.events, "done:"+in.Node)
	}
	f.leftBehind = append(f.leftBehind, in.LeftBehind...)
	return nil
}

func (f *fakeRun) FailStep(_ context.Context, in contract.FailStepInput) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failed = append(f.failed, in.Node+":"+in.Reason)
	return nil
}

func (f *fakeRun) ResumeRun(context.Context, string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.resumed++
	return nil
}

func (f *fakeRun) CompleteRun(context.Context, string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.completed++
	return nil
}

func (f *fakeRun) CancelRun(context.Context, string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cancelled++
	return nil
}

func (f *fakeRun) register(env *testsuite.TestWorkflowEnvironment) {
	for name, fn := range map[string]any{
		temporal.ActBeginRun: f.BeginRun, temporal.ActBeginTask: f.BeginTask, temporal.ActTaskStatus: f.TaskStatus,
		temporal.ActBeginWait: f.BeginWait, temporal.ActFinishStep: f.FinishStep, temporal.ActFailStep: f.FailStep,
		temporal.ActResumeRun: f.ResumeRun, temporal.ActCompleteRun: f.CompleteRun, temporal.ActCancelRun: f.CancelRun,
	} {
		env.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name})
	}
}

func (f *fakeRun) taskNodes() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for n := range f.attempts {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// action happens at a workflow time offset.
type action struct {
	at time.Duration
	do func(t *testing.T, env *testsuite.TestWorkflowEnvironment, f *fakeRun)
}

type doFunc = func(t *testing.T, env *testsuite.TestWorkflowEnvironment, f *fakeRun)

// setStatus sends the signal the inbox sends when a node's task changes status.
func setStatus(node string, attempt int, status string) doFunc {
	return func(_ *testing.T, env *testsuite.TestWorkflowEnvironment, _ *fakeRun) {
		env.SignalWorkflow(temporal.SignalTaskStatus, contract.TaskChange{NodeID: node, Thread: threadOf(node, attempt), Status: status})
	}
}

// noTask checks that a node has no task yet at that point of the run.
func noTask(node string) doFunc {
	return func(t *testing.T, _ *testsuite.TestWorkflowEnvironment, f *fakeRun) {
		f.mu.Lock()
		defer f.mu.Unlock()
		assert.Zero(t, f.attempts[node], "no task for %s yet", node)
	}
}

func retry(_ *testing.T, env *testsuite.TestWorkflowEnvironment, _ *fakeRun) {
	env.SignalWorkflow(temporal.SignalRetry, nil)
}

func cancel(_ *testing.T, env *testsuite.TestWorkflowEnvironment, _ *fakeRun) { env.CancelWorkflow() }

var quiet = log.NewStructuredLogger(slog.New(slog.DiscardHandler))
