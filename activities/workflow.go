package activities

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	sdktemporal "go.temporal.io/sdk/temporal"

	"portico/engine/apperr"
	"portico/engine/inbox"
	"portico/engine/workflow"
	"portico/temporal"
)

// TaskCreator creates and cancels the workflow_task threads of runs in the
// inbox. InboxTasks implements it on the inbox engine.
type TaskCreator interface {
	CreateWorkflowTask(ctx context.Context, task workflow.NewTask) (uuid.UUID, error)
	CancelWorkflowTasks(ctx context.Context, companyID, instanceID int64) error
}

// InboxTasks is the TaskCreator of the inbox engine: it adapts the workflow
// engine's NewTask to inbox.WorkflowTask (neither package imports the other).
// The inbox's catalogue errors (a category the company no longer uses,
// disallowed HTML) are permanent: retrying cannot fix them.
type InboxTasks struct{ Inbox *inbox.Service }

// CreateWorkflowTask creates the task through the inbox.
func (t InboxTasks) CreateWorkflowTask(ctx context.Context, nt workflow.NewTask) (uuid.UUID, error) {
	id, err := t.Inbox.CreateWorkflowTask(ctx, inbox.WorkflowTask{CompanyID: nt.CompanyID, CategoryID: nt.CategoryID,
		InstanceID: nt.InstanceID, NodeID: nt.NodeID, Title: nt.Title, Description: nt.Description, DueDate: nt.DueDate,
		ResponsibleID: nt.ResponsibleID, Skippable: nt.Skippable, ExternalActions: nt.ExternalActions})
	return id, permanentIfCatalogue(err)
}

// CancelWorkflowTasks cancels the run's open tasks through the inbox.
func (t InboxTasks) CancelWorkflowTasks(ctx context.Context, companyID, instanceID int64) error {
	return permanentIfCatalogue(t.Inbox.CancelWorkflowTasks(ctx, companyID, instanceID))
}

func permanentIfCatalogue(err error) error {
	if e, ok := apperr.As(err); ok {
		return &workflow.PermanentError{Reason: "inbox: " + string(e.Code) + ": " + e.Message}
	}
	return err
}

// Workflow holds the workflow engine's activities: each one transaction of
// engine/workflow, safe to retry.
type Workflow struct {
	svc   *workflow.Service
	tasks TaskCreator
}

// NewWorkflow builds the workflow engine's activities.
func NewWorkflow(svc *workflow.Service, tasks TaskCreator) *Workflow {
	return &Workflow{svc: svc, tasks: tasks}
}

// Register adds the activities under their stable names.
func (a *Workflow) Register(r interface {
	RegisterActivityWithOptions(any, activity.RegisterOptions)
}) {
	for name, fn := range map[string]any{
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
	} {
		r.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name})
	}
}

// wrap marks the engine's permanent errors as not to be retried.
func wrap(err error) error {
	var pe *workflow.PermanentError
	if errors.As(err, &pe) {
		return sdktemporal.NewNonRetryableApplicationError(pe.Reason, temporal.PermanentErrorType, err)
	}
	return err
}

func parse(id string) (uuid.UUID, error) {
	u, err := uuid.Parse(id)
	if err != nil {
		return u, sdktemporal.NewNonRetryableApplicationError("invalid id", temporal.PermanentErrorType, err)
	}
	return u, nil
}

// BeginRun marks the run running and returns its plan.
func (a *Workflow) BeginRun(ctx context.Context, instance string) (workflow.RunPlan, error) {
	id, err := parse(instance)
	if err != nil {
		return workflow.RunPlan{}, err
	}
	plan, err := a.svc.BeginRun(ctx, id)
	return plan, wrap(err)
}

// BeginTask starts a task step and creates its task (once).
func (a *Workflow) BeginTask(ctx context.Context, in temporal.BeginTaskInput) (temporal.BeginTaskResult, error) {
	id, err := parse(in.Instance)
	if err != nil {
		return temporal.BeginTaskResult{}, err
	}
	plan, err := a.svc.BeginTask(ctx, id, in.Node, in.RunStart)
	if err != nil {
		return temporal.BeginTaskResult{}, wrap(err)
	}
	switch {
	case plan.Stopped:
		return temporal.BeginTaskResult{Stopped: true}, nil
	case plan.Done:
		return temporal.BeginTaskResult{Done: true, State: plan.State, Outcome: plan.Outcome}, nil
	case plan.Existing != nil:
		return temporal.BeginTaskResult{Thread: plan.Existing.String()}, nil
	}
	thread, err := a.tasks.CreateWorkflowTask(ctx, plan.Task)
	if err != nil {
		return temporal.BeginTaskResult{}, wrap(err)
	}
	if err := a.svc.AttachTask(ctx, id, in.Node, thread); err != nil {
		return temporal.BeginTaskResult{}, wrap(err)
	}
	return temporal.BeginTaskResult{Thread: thread.String()}, nil
}

// TaskStatus reads a step's task status.
func (a *Workflow) TaskStatus(ctx context.Context, in temporal.StepRef) (workflow.TaskChange, error) {
	id, err := parse(in.Instance)
	if err != nil {
		return workflow.TaskChange{}, err
	}
	ch, err := a.svc.TaskStatus(ctx, id, in.Node)
	return ch, wrap(err)
}

// BeginWait starts a wait step and returns when it ends.
func (a *Workflow) BeginWait(ctx context.Context, in temporal.BeginWaitInput) (time.Time, error) {
	id, err := parse(in.Instance)
	if err != nil {
		return time.Time{}, err
	}
	until, err := a.svc.BeginWait(ctx, id, in.Node, in.From)
	return until, wrap(err)
}

// FinishStep records a step's end.
func (a *Workflow) FinishStep(ctx context.Context, in temporal.FinishStepInput) error {
	id, err := parse(in.Instance)
	if err != nil {
		return err
	}
	return wrap(a.svc.FinishStep(ctx, id, in.Node, in.State, in.Outcome, in.LeftBehind))
}

// FailStep records a failed step.
func (a *Workflow) FailStep(ctx context.Context, in temporal.FailStepInput) error {
	id, err := parse(in.Instance)
	if err != nil {
		return err
	}
	return wrap(a.svc.FailStep(ctx, id, in.Node, in.Reason))
}

// ResumeRun marks a failed run running again.
func (a *Workflow) ResumeRun(ctx context.Context, instance string) error {
	id, err := parse(instance)
	if err != nil {
		return err
	}
	return wrap(a.svc.ResumeRun(ctx, id))
}

// CompleteRun marks the run completed.
func (a *Workflow) CompleteRun(ctx context.Context, instance string) error {
	id, err := parse(instance)
	if err != nil {
		return err
	}
	return wrap(a.svc.CompleteRun(ctx, id))
}

// CancelRun cancels the run's open tasks and records it cancelled.
func (a *Workflow) CancelRun(ctx context.Context, instance string) error {
	id, err := parse(instance)
	if err != nil {
		return err
	}
	companyID, instanceID, err := a.svc.RunIDs(ctx, id)
	if err != nil {
		return wrap(err)
	}
	if err := a.tasks.CancelWorkflowTasks(ctx, companyID, instanceID); err != nil {
		return wrap(err)
	}
	return wrap(a.svc.FinishCancel(ctx, id))
}

// NextFire computes a company workflow's next run time.
func (a *Workflow) NextFire(ctx context.Context, in temporal.NextFireInput) (workflow.Fire, error) {
	id, err := parse(in.CompanyWorkflow)
	if err != nil {
		return workflow.Fire{}, err
	}
	f, err := a.svc.NextFire(ctx, id, in.After)
	return f, wrap(err)
}

// CreateScheduledRun writes the instance a trigger starts.
func (a *Workflow) CreateScheduledRun(ctx context.Context, in temporal.ScheduledRunInput) (bool, error) {
	cw, err := parse(in.CompanyWorkflow)
	if err != nil {
		return false, err
	}
	trigger, err := parse(in.Trigger)
	if err != nil {
		return false, err
	}
	instance, err := parse(in.Instance)
	if err != nil {
		return false, err
	}
	ok, err := a.svc.CreateScheduledRun(ctx, cw, trigger, instance)
	return ok, wrap(err)
}
