package temporal

import (
	"context"
	"errors"

	"github.com/google/uuid"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	wfservice "portico/engine/workflow"
)

// Runner starts, cancels and signals the workflow engine's processes on
// Temporal for engine/workflow.
type Runner struct {
	Client    client.Client
	TaskQueue string
}

var _ wfservice.Runner = Runner{}

// StartRun starts the run of a pending instance, as instance/<uuid>.
func (r Runner) StartRun(ctx context.Context, instance uuid.UUID) error {
	_, err := r.Client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: wfservice.TemporalWorkflowID(instance),
		TaskQueue: r.TaskQueue}, InstanceWorkflowName, InstanceInput{Instance: instance.String()})
	return err
}

// CancelRun requests the run's cancellation; wfservice.ErrRunGone when no
// execution of it is open.
func (r Runner) CancelRun(ctx context.Context, instance uuid.UUID) error {
	id := wfservice.TemporalWorkflowID(instance)
	d, err := r.Client.DescribeWorkflowExecution(ctx, id, "")
	if gone(err) || (err == nil && d.GetWorkflowExecutionInfo().GetStatus() != enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING) {
		return wfservice.ErrRunGone
	} else if err != nil {
		return err
	}
	err = r.Client.CancelWorkflow(ctx, id, "")
	if gone(err) {
		return wfservice.ErrRunGone
	}
	return err
}

// RetryRun signals a failed run to run its failed steps again. When no
// execution of it is open (terminated, or lost), it starts one: the new
// execution walks past the steps the database records as done.
func (r Runner) RetryRun(ctx context.Context, instance uuid.UUID) error {
	err := r.Client.SignalWorkflow(ctx, wfservice.TemporalWorkflowID(instance), "", SignalRetry, nil)
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
	_, err := r.Client.SignalWithStartWorkflow(ctx, wfservice.TriggerWorkflowID(companyWorkflow), SignalTriggersChanged, nil,
		client.StartWorkflowOptions{ID: wfservice.TriggerWorkflowID(companyWorkflow), TaskQueue: r.TaskQueue},
		TriggerWorkflowName, TriggerInput{CompanyWorkflow: companyWorkflow.String()})
	return err
}

// TaskChanged signals a run that one of its tasks changed status.
func (r Runner) TaskChanged(ctx context.Context, instance uuid.UUID, change wfservice.TaskChange) error {
	return r.Client.SignalWorkflow(ctx, wfservice.TemporalWorkflowID(instance), "", SignalTaskStatus, change)
}
