package temporal

import (
	"context"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/client"
)

// ExportStarter starts export workflows for engine/files (its Starter).
type ExportStarter struct {
	client    client.Client
	taskQueue string
}

// NewExportStarter builds the exports' starter.
func NewExportStarter(d Deps) ExportStarter {
	return ExportStarter{client: d.Client, taskQueue: d.TaskQueue}
}

// exportTimeout bounds a whole export run, retries included.
const exportTimeout = 2 * time.Hour

func (s ExportStarter) start(ctx context.Context, workflowID, workflow string, id uuid.UUID) error {
	_, err := s.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: workflowID, TaskQueue: s.taskQueue, WorkflowExecutionTimeout: exportTimeout,
	}, workflow, ExportInput{ID: id.String()})
	return err
}

// StartThreadPDF starts export/pdf/<id>.
func (s ExportStarter) StartThreadPDF(ctx context.Context, id uuid.UUID) error {
	return s.start(ctx, ThreadPDFWorkflowID(id.String()), ExportThreadPDFWorkflow, id)
}

// StartInboxZip starts export/inbox-zip/<id>.
func (s ExportStarter) StartInboxZip(ctx context.Context, id uuid.UUID) error {
	return s.start(ctx, InboxZipWorkflowID(id.String()), ExportInboxZipWorkflow, id)
}

// StartContentZip starts export/content-zip/<id>.
func (s ExportStarter) StartContentZip(ctx context.Context, id uuid.UUID) error {
	return s.start(ctx, ContentZipWorkflowID(id.String()), ExportContentZipWorkflow, id)
}
