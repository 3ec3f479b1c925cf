package temporal

// The purge of a system deletion of attachments: a durable timer until the
// deletion's undo window closes, then one activity that removes the blobs
// (it refuses while the window is still open by the database's clock, and
// does nothing after an undo). A restart of the worker or of Temporal keeps
// the timer.

import (
	"context"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// Stable names of the purge workflow and its activity.
const (
	PurgeAttachmentsWorkflow = "attachments.purge"
	PurgeAttachmentsActivity = "attachments.purge_blobs"
)

// PurgeAttachmentsInput names the deletion and when its undo window closes.
type PurgeAttachmentsInput struct {
	ID string
	At time.Time
}

// PurgeAttachmentsWorkflowID is attachments/purge/<deletion uuid>.
func PurgeAttachmentsWorkflowID(id string) string { return "attachments/purge/" + id }

// PurgeAttachments sleeps until the undo window has closed, then removes the blobs.
func PurgeAttachments(ctx workflow.Context, in PurgeAttachmentsInput) error {
	if d := in.At.Sub(workflow.Now(ctx)); d > 0 {
		if err := workflow.Sleep(ctx, d); err != nil {
			return err
		}
	}
	actx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    5 * time.Minute,
		},
	})
	return workflow.ExecuteActivity(actx, PurgeAttachmentsActivity, in.ID).Get(ctx, nil)
}

// PurgeStarter starts purge timers for engine/inbox (its Purges).
type PurgeStarter struct {
	client    client.Client
	taskQueue string
}

// NewPurgeStarter builds the purges' starter.
func NewPurgeStarter(d Deps) PurgeStarter {
	return PurgeStarter{client: d.Client, taskQueue: d.TaskQueue}
}

// StartAttachmentPurge starts attachments/purge/<id>, which removes the blobs at at.
func (s PurgeStarter) StartAttachmentPurge(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := s.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: PurgeAttachmentsWorkflowID(id.String()), TaskQueue: s.taskQueue,
	}, PurgeAttachmentsWorkflow, PurgeAttachmentsInput{ID: id.String(), At: at})
	return err
}
