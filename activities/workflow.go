package activities

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	sdktemporal "go.temporal.io/sdk/temporal"

	"portico/engine/workflow"
	"portico/engine/workflow/contract"
	"portico/temporal"
)

// Workflow holds the workflow engine's activities: each one call of
// engine/workflow, one transaction there, safe to retry.
type Workflow struct {
	engine *workflow.Service
}

// WorkflowDeps is what the workflow engine's activities need.
type WorkflowDeps struct {
	// Engine is the workflow service, with the inbox that writes the runs'
	// tasks (workflow.Deps.Tasks).
	Engine *workflow.Service
}

// NewWorkflow builds the workflow engine's activities.
func NewWorkflow(d WorkflowDeps) *Workflow {
	return &Workflow{engine: d.Engine}
}

// Register adds the activities under their stable names.
func (a *Workflow) Register(r Registry) {
	register(r, map[string]any{
		temporal.ActBeginRun:           a.BeginRun,
		temporal.ActBeginTask:          a.BeginTask,
		temporal.ActTaskStatus:         a.TaskStatus,
		temporal.ActBeginWait:          a.BeginWait,
		temporal.ActFinishStep:         a.FinishStep,
		temporal.ActFailStep:           a.FailStep,
		temporal.ActResumeRun:          a.ResumeRun,
		temporal.ActCompleteRun:        a.CompleteRun,
		temporal.ActCancelRun:          a.CancelRun,
		temporal.ActNextFire:           a.NextFire,
		temporal.ActCreateScheduledRun: a.CreateScheduledRun,
	})
}

// nonRetryable marks the engine's permanent errors as not to be retried.
func nonRetryable(err error) error {
	var pe *workflow.PermanentError
	if errors.As(err, &pe) {
		return sdktemporal.NewNonRetryableApplicationError(pe.Reason, temporal.PermanentErrorType, err)
	}
	return err
}

// result is an engine call's answer as an activity's.
func result[T any](v T, err error) (T, error) { return v, nonRetryable(err) }

// BeginRun marks the run running and returns its plan.
func (a *Workflow) BeginRun(ctx context.Context, instance uuid.UUID) (contract.RunPlan, error) {
	return result(a.engine.BeginRun(ctx, instance))
}

// BeginTask starts a task step and creates its task (once).
func (a *Workflow) BeginTask(ctx context.Context, in contract.BeginTaskInput) (contract.BeginTaskResult, error) {
	return result(a.engine.BeginTask(ctx, in))
}

// TaskStatus reads a step's task status.
func (a *Workflow) TaskStatus(ctx context.Context, in contract.StepRef) (contract.TaskChange, error) {
	return result(a.engine.TaskStatus(ctx, in))
}

// BeginWait starts a wait step and returns when it ends.
func (a *Workflow) BeginWait(ctx context.Context, in contract.BeginWaitInput) (time.Time, error) {
	return result(a.engine.BeginWait(ctx, in))
}

// FinishStep records a step's end.
func (a *Workflow) FinishStep(ctx context.Context, in contract.FinishStepInput) error {
	return nonRetryable(a.engine.FinishStep(ctx, in))
}

// FailStep records a failed step.
func (a *Workflow) FailStep(ctx context.Context, in contract.FailStepInput) error {
	return nonRetryable(a.engine.FailStep(ctx, in))
}

// ResumeRun marks a failed run running again.
func (a *Workflow) ResumeRun(ctx context.Context, instance uuid.UUID) error {
	return nonRetryable(a.engine.ResumeRun(ctx, instance))
}

// CompleteRun marks the run completed.
func (a *Workflow) CompleteRun(ctx context.Context, instance uuid.UUID) error {
	return nonRetryable(a.engine.CompleteRun(ctx, instance))
}

// CancelRun cancels the run's open tasks and records it cancelled.
func (a *Workflow) CancelRun(ctx context.Context, instance uuid.UUID) error {
	return nonRetryable(a.engine.FinishCancel(ctx, instance))
}

// NextFire computes a company workflow's next run time.
func (a *Workflow) NextFire(ctx context.Context, in contract.NextFireInput) (contract.Fire, error) {
	return result(a.engine.NextFire(ctx, in))
}

// CreateScheduledRun writes the instance a trigger starts.
func (a *Workflow) CreateScheduledRun(ctx context.Context, in contract.ScheduledRunInput) (bool, error) {
	return result(a.engine.CreateScheduledRun(ctx, in))
}
