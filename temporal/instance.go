package temporal

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	sdktemporal "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"portico/engine/workflow/contract"
	wf "portico/engine/workflow/graph"
)

// activityOptions: activities are short database transactions, safe to retry.
var activityOptions = workflow.ActivityOptions{
	StartToCloseTimeout: 30 * time.Second,
	RetryPolicy: &sdktemporal.RetryPolicy{
		InitialInterval:        time.Second,
		BackoffCoefficient:     2,
		MaximumInterval:        time.Minute,
		MaximumAttempts:        8,
		NonRetryableErrorTypes: []string{PermanentErrorType},
	},
}

// InstanceRun is the run of one workflow instance (see the package documentation).
func InstanceRun(ctx workflow.Context, in contract.InstanceInput) error {
	ctx = workflow.WithActivityOptions(ctx, activityOptions)
	var plan contract.RunPlan
	if err := workflow.ExecuteActivity(ctx, ActBeginRun, in.Instance).Get(ctx, &plan); err != nil {
		return err
	}
	if plan.State == contract.StateCompleted || plan.State == contract.StateCancelled {
		return nil
	}
	if err := label(ctx, plan.Labels); err != nil {
		return err
	}
	// JSON decoding is deterministic; workflowcheck flags the reflection it uses.
	s, err := wf.ParseStructure(plan.Structure) //workflowcheck:ignore
	if err != nil {
		return sdktemporal.NewNonRetryableApplicationError("invalid structure", PermanentErrorType, err)
	}
	params := map[string]any{}
	if len(plan.Parameters) > 0 {
		err := json.Unmarshal(plan.Parameters, &params) //workflowcheck:ignore
		if err != nil {
			return sdktemporal.NewNonRetryableApplicationError("invalid parameters", PermanentErrorType, err)
		}
	}
	r := &run{ctx: ctx, id: in.Instance, s: s, params: params, arrivals: map[string]int{},
		pending: map[string]contract.TaskChange{}, startedAt: workflow.Now(ctx),
		taskCh: workflow.GetSignalChannel(ctx, SignalTaskStatus), retryCh: workflow.GetSignalChannel(ctx, SignalRetry)}
	return r.loop()
}

type phase int

const (
	phaseBeginTask phase = iota + 1 // BeginTask in flight
	phaseWaitTask                   // waiting for the task's status (fut: poll timer or TaskStatus)
	phaseBeginWait                  // BeginWait in flight
	phaseTimer                      // a wait node's timer
	phaseFinish                     // FinishStep in flight; then the run moves on
	phaseFailing                    // FailStep in flight
	phaseFailed                     // waiting for a retry
)

type step struct {
	node    wf.Node
	phase   phase
	fut     workflow.Future
	cancel  workflow.CancelFunc // of the poll timer
	thread  string
	polling bool
	state   string // for phaseFinish
	outcome string
}

type run struct {
	ctx       workflow.Context
	id        uuid.UUID
	s         wf.Structure
	params    map[string]any
	startedAt time.Time
	steps     []*step // in the order they started: selection order is deterministic
	arrivals  map[string]int
	pending   map[string]contract.TaskChange // signals that came before their step waited
	ended     bool                           // an end node was reached
	retry     bool
	stopped   bool
	fatal     error
	taskCh    workflow.ReceiveChannel
	retryCh   workflow.ReceiveChannel
}

func (r *run) loop() error {
	start, ok := r.s.Start()
	if !ok {
		return sdktemporal.NewNonRetryableApplicationError("no start node", PermanentErrorType, nil)
	}
	r.enter(start.ID)
	for {
		if r.fatal != nil {
			return r.fatal
		}
		if r.stopped {
			// the database says the run is over (cancelled while this execution
			// had not heard yet): clean up as a cancel does
			return r.cancel()
		}
		if r.ended && len(r.steps) == 0 {
			return workflow.ExecuteActivity(r.ctx, ActCompleteRun, r.id).Get(r.ctx, nil)
		}
		sel := workflow.NewSelector(r.ctx)
		cancelled := false
		sel.AddReceive(r.ctx.Done(), func(workflow.ReceiveChannel, bool) { cancelled = true })
		sel.AddReceive(r.taskCh, func(c workflow.ReceiveChannel, _ bool) {
			var ch contract.TaskChange
			c.Receive(r.ctx, &ch)
			r.onTaskChange(ch)
		})
		sel.AddReceive(r.retryCh, func(c workflow.ReceiveChannel, _ bool) {
			c.Receive(r.ctx, nil)
			r.retry = true
		})
		for _, st := range r.steps {
			if st.fut != nil {
				st := st
				fut := st.fut
				sel.AddFuture(fut, func(f workflow.Future) {
					if st.fut == fut { // not replaced meanwhile
						r.onFuture(st, f)
					}
				})
			}
		}
		sel.Select(r.ctx)
		if cancelled || r.ctx.Err() != nil {
			return r.cancel()
		}
		if r.retry {
			r.retry = false
			if err := workflow.ExecuteActivity(r.ctx, ActResumeRun, r.id).Get(r.ctx, nil); err != nil {
				if r.ctx.Err() != nil {
					return r.cancel()
				}
				continue
			}
			for _, st := range r.steps {
				if st.phase == phaseFailed {
					r.restart(st)
				}
			}
		}
	}
}

// cancel cancels the open tasks and records the run cancelled, then ends the
// workflow as cancelled.
func (r *run) cancel() error {
	dctx, _ := workflow.NewDisconnectedContext(r.ctx)
	dctx = workflow.WithActivityOptions(dctx, activityOptions)
	if err := workflow.ExecuteActivity(dctx, ActCancelRun, r.id).Get(dctx, nil); err != nil {
		return err
	}
	return workflow.ErrCanceled
}

// enter moves a token onto a node.
func (r *run) enter(id string) {
	n, ok := r.s.Node(id)
	if !ok {
		r.fatal = sdktemporal.NewNonRetryableApplicationError("unknown node "+id, PermanentErrorType, nil)
		return
	}
	switch n.Type {
	case wf.NodeStart, wf.NodeParallel:
		r.advance(id, "")
	case wf.NodeJoin:
		r.arrivals[id]++
		if r.arrivals[id] >= len(r.s.IncomingEdges(id)) {
			delete(r.arrivals, id)
			r.advance(id, "")
		}
	case wf.NodeEnd:
		r.ended = true
	case wf.NodeCondition:
		r.evaluate(&step{node: n})
	default: // task, approval, wait
		st := &step{node: n}
		r.steps = append(r.steps, st)
		r.restart(st)
	}
}

// restart starts (or starts again after a failure) a step.
func (r *run) restart(st *step) {
	st.thread, st.polling = "", false
	switch st.node.Type {
	case wf.NodeTask, wf.NodeApproval:
		st.phase = phaseBeginTask
		st.fut = workflow.ExecuteActivity(r.ctx, ActBeginTask, contract.BeginTaskInput{Instance: r.id, Node: st.node.ID, RunStart: r.startedAt})
	case wf.NodeWait:
		st.phase = phaseBeginWait
		st.fut = workflow.ExecuteActivity(r.ctx, ActBeginWait, contract.BeginWaitInput{Instance: r.id, Node: st.node.ID, From: workflow.Now(r.ctx)})
	case wf.NodeCondition:
		r.evaluate(st)
	}
}

func (r *run) evaluate(st *step) {
	c := st.node.Condition
	if c == nil {
		c = &wf.ConditionData{}
	}
	branch, err := c.Evaluate(r.params)
	if err != nil {
		if !r.has(st) {
			r.steps = append(r.steps, st)
		}
		r.fail(st, "condition_missing_parameter")
		return
	}
	r.finish(st, contract.StepCompleted, branch)
}

func (r *run) has(st *step) bool {
	for _, s := range r.steps {
		if s == st {
			return true
		}
	}
	return false
}

// advance leaves a node with an outcome and enters the nodes it leads to.
func (r *run) advance(id, outcome string) {
	next, err := r.s.Next(id, outcome)
	if err != nil {
		r.fatal = sdktemporal.NewNonRetryableApplicationError(err.Error(), PermanentErrorType, nil)
		return
	}
	for _, n := range next {
		r.enter(n)
	}
}

// finish records a step's end (for a condition: only the steps it leaves
// behind), then moves on.
func (r *run) finish(st *step, state, outcome string) {
	var behind []string
	if st.node.Type == wf.NodeApproval || st.node.Type == wf.NodeCondition {
		behind, _ = r.s.StepsOnlyVia(st.node.ID, outcome)
	}
	node := st.node.ID
	if !st.node.Type.IsStep() {
		node = ""
		if len(behind) == 0 {
			r.remove(st)
			r.advance(st.node.ID, outcome)
			return
		}
	}
	if !r.has(st) {
		r.steps = append(r.steps, st)
	}
	r.stopPoll(st)
	st.phase, st.state, st.outcome = phaseFinish, state, outcome
	st.fut = workflow.ExecuteActivity(r.ctx, ActFinishStep, contract.FinishStepInput{Instance: r.id, Node: node, State: state,
		Outcome: outcome, LeftBehind: behind})
}

func (r *run) fail(st *step, reason string) {
	r.stopPoll(st)
	st.phase = phaseFailing
	st.fut = workflow.ExecuteActivity(r.ctx, ActFailStep, contract.FailStepInput{Instance: r.id, Node: st.node.ID, Reason: reason})
}

func (r *run) remove(st *step) {
	for i, s := range r.steps {
		if s == st {
			r.steps = append(r.steps[:i], r.steps[i+1:]...)
			return
		}
	}
}

func (r *run) stopPoll(st *step) {
	if st.cancel != nil {
		st.cancel()
		st.cancel = nil
	}
}

func (r *run) poll(st *step) {
	tctx, cancel := workflow.WithCancel(r.ctx)
	st.cancel = cancel
	st.polling = false
	st.fut = workflow.NewTimer(tctx, TaskPollInterval)
}

func (r *run) onFuture(st *step, f workflow.Future) {
	switch st.phase {
	case phaseBeginTask:
		var res contract.BeginTaskResult
		if err := f.Get(r.ctx, &res); err != nil {
			r.fail(st, failureReason(err))
			return
		}
		if res.Stopped {
			r.stopped = true
			return
		}
		if res.Done { // done by an earlier execution of this run
			r.finish(st, res.State, res.Outcome)
			return
		}
		st.thread, st.phase = res.Thread, phaseWaitTask
		if ch, ok := r.pending[st.node.ID]; ok {
			delete(r.pending, st.node.ID)
			if ch.Thread.String() == st.thread && r.apply(st, ch.Status) {
				return
			}
		}
		r.poll(st)
	case phaseWaitTask:
		if !st.polling { // the poll timer fired: read the status
			st.cancel = nil
			st.polling = true
			st.fut = workflow.ExecuteActivity(r.ctx, ActTaskStatus, contract.StepRef{Instance: r.id, Node: st.node.ID})
			return
		}
		var ch contract.TaskChange
		if err := f.Get(r.ctx, &ch); err == nil && ch.Thread.String() == st.thread && r.apply(st, ch.Status) {
			return
		}
		r.poll(st)
	case phaseBeginWait:
		var until time.Time
		if err := f.Get(r.ctx, &until); err != nil {
			r.fail(st, failureReason(err))
			return
		}
		d := until.Sub(workflow.Now(r.ctx))
		if d <= 0 {
			r.finish(st, contract.StepCompleted, "")
			return
		}
		st.phase = phaseTimer
		st.fut = workflow.NewTimer(r.ctx, d)
	case phaseTimer:
		if err := f.Get(r.ctx, nil); err != nil {
			return // cancelled: the loop sees it
		}
		r.finish(st, contract.StepCompleted, "")
	case phaseFinish:
		if err := f.Get(r.ctx, nil); err != nil {
			r.fail(st, failureReason(err))
			return
		}
		r.remove(st)
		r.advance(st.node.ID, st.outcome)
	case phaseFailing:
		_ = f.Get(r.ctx, nil)
		st.phase, st.fut = phaseFailed, nil
	}
}

// onTaskChange handles a task-status signal.
func (r *run) onTaskChange(ch contract.TaskChange) {
	for _, st := range r.steps {
		if st.node.ID != ch.NodeID {
			continue
		}
		if st.phase == phaseWaitTask && ch.Thread.String() == st.thread {
			r.apply(st, ch.Status)
			return
		}
		if st.phase == phaseBeginTask {
			r.pending[ch.NodeID] = ch
		}
		return
	}
}

// apply acts on a task's status; it reports whether the step ended.
func (r *run) apply(st *step, status string) bool {
	approval := st.node.Type == wf.NodeApproval
	optional := st.node.Task != nil && st.node.Task.Optional
	switch {
	case status == "closed" && approval:
		r.finish(st, contract.StepCompleted, wf.BranchApproved)
	case status == "closed":
		r.finish(st, contract.StepCompleted, wf.OutcomeCompleted)
	case (status == "skipped" || status == "failed") && approval:
		r.finish(st, contract.StepCompleted, wf.BranchRejected)
	case status == "skipped" && optional && !approval:
		r.finish(st, contract.StepSkipped, wf.OutcomeSkipped)
	case status == "failed", status == "cancelled", status == "skipped":
		r.fail(st, "task_"+status)
	default:
		return false
	}
	return true
}

// failureReason is the reason recorded for a step whose activity failed:
// the permanent error's key, or activity_failed.
func failureReason(err error) string {
	var ae *sdktemporal.ApplicationError
	if errors.As(err, &ae) && ae.Type() == PermanentErrorType {
		return ae.Message()
	}
	var te *sdktemporal.TimeoutError
	if errors.As(err, &te) {
		return "activity_timed_out"
	}
	return fmt.Sprintf("activity_failed")
}
