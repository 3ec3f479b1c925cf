package temporal_test

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	sdktemporal "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"portico/engine/workflow/contract"
	"portico/temporal"
)

func TestInstanceRun(t *testing.T) {
	t.Parallel()
	linear := func(t *testing.T) json.RawMessage {
		return newGraph().node("s", "start", nil).task("A").task("B").node("e", "end", nil).chain("s", "A", "B", "e").structure(t)
	}
	approval := func(t *testing.T) json.RawMessage {
		return newGraph().node("s", "start", nil).approval("AP").task("X").task("Y").node("e1", "end", nil).node("e2", "end", nil).
			edge("s", "AP").edge("AP", "X", "approved").edge("AP", "Y", "rejected").edge("X", "e1").edge("Y", "e2").structure(t)
	}
	condition := func(t *testing.T) json.RawMessage {
		return newGraph().
			node("s", "start", map[string]any{"parameters": []any{map[string]any{"name": "amount", "type": "number"}}}).
			node("C", "condition", map[string]any{"parameter": "amount", "operator": "gt", "value": 1000}).
			task("BIG").task("SMALL").node("e1", "end", nil).node("e2", "end", nil).
			edge("s", "C").edge("C", "BIG", "true").edge("C", "SMALL", "false").edge("BIG", "e1").edge("SMALL", "e2").structure(t)
	}
	parallel := func(t *testing.T) json.RawMessage {
		return newGraph().node("s", "start", nil).node("P", "parallel", nil).task("A").task("B").node("J", "join", nil).task("C").
			node("e", "end", nil).edge("s", "P").edge("P", "A").edge("P", "B").edge("A", "J").edge("B", "J").chain("J", "C", "e").structure(t)
	}
	wait := func(t *testing.T) json.RawMessage {
		return newGraph().node("s", "start", nil).node("W", "wait", map[string]any{"type": "duration", "hours": 2}).task("A").
			node("e", "end", nil).chain("s", "W", "A", "e").structure(t)
	}
	optional := func(t *testing.T) json.RawMessage {
		return newGraph().node("s", "start", nil).optional("O").task("A").node("e", "end", nil).chain("s", "O", "A", "e").structure(t)
	}
	single := func(t *testing.T) json.RawMessage {
		return newGraph().node("s", "start", nil).task("A").node("e", "end", nil).chain("s", "A", "e").structure(t)
	}

	cases := []struct {
		name      string
		structure func(*testing.T) json.RawMessage
		params    string
		setup     func(f *fakeRun)
		actions   []action
		// expectations
		finished   []string
		leftBehind []string
		failed     []string
		attempts   map[string]int
		completed  bool
		cancelled  bool
		resumed    int
		check      func(t *testing.T, f *fakeRun)
	}{
		{
			name: "tasks in a chain complete the run", structure: linear,
			actions:  []action{{time.Minute, setStatus("A", 1, "closed")}, {2 * time.Minute, setStatus("B", 1, "closed")}},
			finished: []string{"A:completed:completed", "B:completed:completed"}, attempts: map[string]int{"A": 1, "B": 1},
			completed: true,
			check: func(t *testing.T, f *fakeRun) {
				assert.Equal(t, []string{"task:A#1", "done:A", "task:B#1", "done:B"}, f.events, "B starts once A is closed")
			},
		},
		{
			name: "an approval closed takes the approved edge", structure: approval,
			actions:  []action{{time.Minute, setStatus("AP", 1, "closed")}, {2 * time.Minute, setStatus("X", 1, "closed")}},
			finished: []string{"AP:completed:approved", "X:completed:completed"}, leftBehind: []string{"Y"},
			attempts: map[string]int{"AP": 1, "X": 1}, completed: true,
		},
		{
			name: "an approval skipped (rejected in the inbox) takes the rejected edge", structure: approval,
			actions:  []action{{time.Minute, setStatus("AP", 1, "skipped")}, {2 * time.Minute, setStatus("Y", 1, "closed")}},
			finished: []string{"AP:completed:rejected", "Y:completed:completed"}, leftBehind: []string{"X"},
			attempts: map[string]int{"AP": 1, "Y": 1}, completed: true,
		},
		{
			name: "an approval failed takes the rejected edge", structure: approval,
			actions:  []action{{time.Minute, setStatus("AP", 1, "failed")}, {2 * time.Minute, setStatus("Y", 1, "closed")}},
			finished: []string{"AP:completed:rejected", "Y:completed:completed"}, leftBehind: []string{"X"},
			attempts: map[string]int{"AP": 1, "Y": 1}, completed: true,
		},
		{
			name: "a condition true follows the true edge", structure: condition, params: `{"amount": 5000}`,
			actions:  []action{{time.Minute, setStatus("BIG", 1, "closed")}},
			finished: []string{"BIG:completed:completed"}, leftBehind: []string{"SMALL"},
			attempts: map[string]int{"BIG": 1}, completed: true,
		},
		{
			name: "a condition false follows the false edge", structure: condition, params: `{"amount": 10}`,
			actions:  []action{{time.Minute, setStatus("SMALL", 1, "closed")}},
			finished: []string{"SMALL:completed:completed"}, leftBehind: []string{"BIG"},
			attempts: map[string]int{"SMALL": 1}, completed: true,
		},
		{
			name: "a condition on a missing parameter fails the run", structure: condition,
			actions: []action{{time.Hour, cancel}},
			failed:  []string{"C:condition_missing_parameter"}, attempts: map[string]int{}, cancelled: true,
		},
		{
			name: "parallel branches meet at the join before the run goes on", structure: parallel,
			actions: []action{{time.Minute, setStatus("A", 1, "closed")}, {4 * time.Minute, noTask("C")},
				{5 * time.Minute, setStatus("B", 1, "closed")}, {6 * time.Minute, setStatus("C", 1, "closed")}},
			finished: []string{"A:completed:completed", "B:completed:completed", "C:completed:completed"},
			attempts: map[string]int{"A": 1, "B": 1, "C": 1}, completed: true,
			check: func(t *testing.T, f *fakeRun) {
				// concurrent activities: either may be scheduled first
				assert.ElementsMatch(t, []string{"task:A#1", "task:B#1"}, f.events[:2], "both branches start at once")
				assert.Equal(t, []string{"done:B", "task:C#1", "done:C"}, f.events[len(f.events)-3:], "the join waits for the last branch")
			},
		},
		{
			name: "a wait node sleeps on a durable timer", structure: wait,
			setup:    func(f *fakeRun) { f.waits["W"] = 2 * time.Hour },
			actions:  []action{{2*time.Hour - time.Minute, noTask("A")}, {3 * time.Hour, setStatus("A", 1, "closed")}},
			finished: []string{"W:completed:", "A:completed:completed"}, attempts: map[string]int{"A": 1}, completed: true,
		},
		{
			name: "an optional task skipped is a skipped step", structure: optional,
			actions:  []action{{time.Minute, setStatus("O", 1, "skipped")}, {2 * time.Minute, setStatus("A", 1, "closed")}},
			finished: []string{"O:skipped:skipped", "A:completed:completed"}, attempts: map[string]int{"O": 1, "A": 1}, completed: true,
		},
		{
			name: "a mandatory task skipped fails the step; a retry creates it again", structure: single,
			actions: []action{{time.Minute, setStatus("A", 1, "skipped")}, {2 * time.Minute, retry},
				{3 * time.Minute, setStatus("A", 2, "closed")}},
			failed: []string{"A:task_skipped"}, finished: []string{"A:completed:completed"}, attempts: map[string]int{"A": 2},
			resumed: 1, completed: true,
		},
		{
			name: "a failed task fails the run; retry resumes from the failed step", structure: linear,
			actions: []action{{time.Minute, setStatus("A", 1, "closed")}, {2 * time.Minute, setStatus("B", 1, "failed")},
				{3 * time.Minute, retry}, {4 * time.Minute, setStatus("B", 2, "closed")}},
			failed: []string{"B:task_failed"}, finished: []string{"A:completed:completed", "B:completed:completed"},
			attempts: map[string]int{"A": 1, "B": 2}, resumed: 1, completed: true,
		},
		{
			name: "a permanent activity failure is recorded with its reason and retried", structure: single,
			setup:   func(f *fakeRun) { f.failTask["A"] = 1 },
			actions: []action{{time.Minute, retry}, {2 * time.Minute, setStatus("A", 1, "closed")}},
			failed:  []string{"A:invalid_category"}, finished: []string{"A:completed:completed"}, attempts: map[string]int{"A": 1},
			resumed: 1, completed: true,
		},
		{
			name: "a cancelled task fails the step", structure: single,
			actions: []action{{time.Minute, setStatus("A", 1, "cancelled")}, {time.Hour, cancel}},
			failed:  []string{"A:task_cancelled"}, attempts: map[string]int{"A": 1}, cancelled: true,
		},
		{
			name: "cancel stops the run and cancels its tasks", structure: linear,
			actions:  []action{{time.Minute, setStatus("A", 1, "closed")}, {2 * time.Minute, cancel}},
			finished: []string{"A:completed:completed"}, attempts: map[string]int{"A": 1, "B": 1}, cancelled: true,
		},
		{
			name: "a signal for an old task of the step is ignored", structure: single,
			actions: []action{{time.Minute, setStatus("A", 1, "failed")}, {2 * time.Minute, retry},
				{3 * time.Minute, setStatus("A", 1, "closed")}, {time.Hour, cancel}},
			failed: []string{"A:task_failed"}, attempts: map[string]int{"A": 2}, resumed: 1, cancelled: true,
		},
		{
			name: "a new execution walks past the steps an earlier one did", structure: approval,
			setup:    func(f *fakeRun) { f.done["AP"] = "rejected" },
			actions:  []action{{time.Minute, setStatus("Y", 1, "closed")}},
			finished: []string{"AP:completed:rejected", "Y:completed:completed"}, leftBehind: []string{"X"},
			attempts: map[string]int{"Y": 1}, completed: true,
		},
		{
			name: "a run the database says is cancelled cleans up as cancelled", structure: linear,
			setup:    func(f *fakeRun) { f.stopped = "B" },
			actions:  []action{{time.Minute, setStatus("A", 1, "closed")}},
			finished: []string{"A:completed:completed"}, attempts: map[string]int{"A": 1}, cancelled: true,
		},
		{
			name: "a task whose signal was lost is found closed by polling", structure: single,
			setup:    func(f *fakeRun) { f.status["A"] = "closed" },
			finished: []string{"A:completed:completed"}, attempts: map[string]int{"A": 1}, completed: true,
		},
		{
			name: "a status that does not end the task keeps the run waiting", structure: single,
			actions:  []action{{time.Minute, setStatus("A", 1, "in_progress")}, {2 * time.Minute, setStatus("A", 1, "closed")}},
			finished: []string{"A:completed:completed"}, attempts: map[string]int{"A": 1}, completed: true,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var suite testsuite.WorkflowTestSuite
			suite.SetLogger(quiet)
			env := suite.NewTestWorkflowEnvironment()
			env.SetTestTimeout(30 * time.Second)
			env.RegisterWorkflowWithOptions(temporal.InstanceRun, workflow.RegisterOptions{Name: temporal.InstanceWorkflowName})
			f := newFakeRun(tc.structure(t), tc.params)
			if tc.setup != nil {
				tc.setup(f)
			}
			f.register(env)
			for _, a := range tc.actions {
				env.RegisterDelayedCallback(func() { a.do(t, env, f) }, a.at)
			}
			env.ExecuteWorkflow(temporal.InstanceWorkflowName, contract.InstanceInput{Instance: uuid.MustParse("11111111-1111-4111-8111-111111111111")})
			require.True(t, env.IsWorkflowCompleted())
			err := env.GetWorkflowError()
			var ce *sdktemporal.CanceledError
			if tc.cancelled {
				require.Error(t, err)
				assert.True(t, errors.As(err, &ce), "ended as cancelled: %v", err)
				assert.Equal(t, 1, f.cancelled, "the open tasks are cancelled")
			} else {
				require.NoError(t, err)
				assert.Zero(t, f.cancelled)
			}
			assert.Equal(t, tc.completed, f.completed == 1, "completed")
			assert.Equal(t, tc.finished, f.finished, "finished steps")
			assert.Equal(t, tc.leftBehind, f.leftBehind, "steps left behind")
			assert.Equal(t, tc.failed, f.failed, "failed steps")
			assert.Equal(t, tc.resumed, f.resumed, "resumed")
			if tc.attempts != nil {
				assert.Equal(t, len(tc.attempts), len(f.attempts), "tasks created: %v", f.taskNodes())
				for n, c := range tc.attempts {
					assert.Equal(t, c, f.attempts[n], "tasks of %s", n)
				}
			}
			if tc.check != nil {
				tc.check(t, f)
			}
		})
	}
}
