package temporal

import (
	"context"
	"errors"

	"github.com/google/uuid"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"portico/engine/workflow/contract"
)

// Deps is what the client side (Runner, ExportStarter) needs: the Temporal
// client and the task queue its workers poll.
type Deps struct {
	Client    client.Client
	TaskQueue string
}

// Runner starts, cancels and signals the workflow engine's processes on
// Temporal for engine/workflow (its Runner).
type Runner struct {
	client    client.Client
	taskQueue string
}

// NewRunner builds the workflow engine's runner.
func NewRunner(d Deps) Runner { return Runner{client: d.Client, taskQueue: d.TaskQueue} }

// StartRun starts the run of a pending instance, as instance/<uuid>.
func (r Runner) StartRun(ctx context.Context, instance uuid.UUID) error {
	_, err := r.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: contract.TemporalWorkflowID(instance),
		TaskQueue: r.taskQueue}, InstanceWorkflowName, contract.InstanceInput{Instance: instance})
	return err
}

// CancelRun requests the run's cancellation; contract.ErrRunGone when no
// execution of it is open.
func (r Runner) CancelRun(ctx context.Context, instance uuid.UUID) error {
	id := contract.TemporalWorkflowID(instance)
	d, err := r.client.DescribeWorkflowExecution(ctx, id, "")
	if gone(err) || (err == nil && d.GetWorkflowExecutionInfo().GetStatus() != enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING) {
		return contract.ErrRunGone
	} else if err != nil {
		return err
	}
	err = r.client.CancelWorkflow(ctx, id, "")
	if gone(err) {
		return contract.ErrRunGone
	}
	return err
}

// RetryRun signals a failed run to run its failed steps again. When no
// execution of it is open (terminated, or lost), it starts one: the new
// execution walks past the steps the database records as done.
func (r Runner) RetryRun(ctx context.Context, instance uuid.UUID) error {
	err := r.client.SignalWorkflow(ctx, contract.TemporalWorkflowID(instance), "", SignalRetry, nil)
	if gone(err) {
		return r.StartRun(ctx, instance)
	}
	return err
}

// gone tells an error saying the workflow execution is not open.
func gone(err error) bool {
	var nf *serviceerror.NotFound
	return errors.As(err, &nf)
}

// TriggersChanged signals the company workflow's trigger process, starting it
// when it is not running.
func (r Runner) TriggersChanged(ctx context.Context, companyWorkflow uuid.UUID) error {
	_, err := r.client.SignalWithStartWorkflow(ctx, contract.TriggerWorkflowID(companyWorkflow), SignalTriggersChanged, nil,
		client.StartWorkflowOptions{ID: contract.TriggerWorkflowID(companyWorkflow), TaskQueue: r.taskQueue},
		TriggerWorkflowName, contract.TriggerInput{CompanyWorkflow: companyWorkflow})
	return err
}

// TaskChanged signals a run that one of its tasks changed status.
func (r Runner) TaskChanged(ctx context.Context, instance uuid.UUID, change contract.TaskChange) error {
	return r.client.SignalWorkflow(ctx, contract.TemporalWorkflowID(instance), "", SignalTaskStatus, change)
}
