package temporal

// The export jobs: a thread as PDF, a thread's attachments as zip, shared
// files as zip. Each builds its file into the blob store through one
// activity, retried; when that fails for good, a second activity records the
// error on the export's row so that the polling client stops waiting.

import (
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// Stable names of the export workflows and their activities. Histories refer
// to these names, so they never change with the Go function names.
const (
	ExportThreadPDFWorkflow  = "export.thread_pdf"
	ExportInboxZipWorkflow   = "export.inbox_zip"
	ExportContentZipWorkflow = "export.content_zip"

	BuildThreadPDFActivity  = "export.build_thread_pdf"
	BuildInboxZipActivity   = "export.build_inbox_zip"
	BuildContentZipActivity = "export.build_content_zip"
	FailExportActivity      = "export.fail"
)

// ExportHeartbeat is how often an export's build tells Temporal it is alive.
const ExportHeartbeat = 10 * time.Second

// ErrExportGone is the application error type of an export that can never be
// built (its request, thread or folder is gone): not retried.
const ErrExportGone = "ExportGone"

// Kinds of export, as FailExport names them.
const (
	KindPDF = "pdf"
	KindZip = "zip"
)

// ExportInput names the export row (pdf_files or zip_files) by public id.
// Inputs are ids only: the data is read when the activity runs.
type ExportInput struct {
	ID string
}

// ExportFailure is what FailExport records on the row.
type ExportFailure struct {
	Kind    string
	ID      string
	Message string
}

// Workflow ids: readable, one per export, so an operator finds the run from
// the export's id.
func ThreadPDFWorkflowID(id string) string  { return "export/pdf/" + id }
func InboxZipWorkflowID(id string) string   { return "export/inbox-zip/" + id }
func ContentZipWorkflowID(id string) string { return "export/content-zip/" + id }

// ExportThreadPDF renders a thread as PDF into the blob store.
func ExportThreadPDF(ctx workflow.Context, in ExportInput) error {
	return runExport(ctx, BuildThreadPDFActivity, KindPDF, in)
}

// ExportInboxZip archives a thread's attachments into the blob store.
func ExportInboxZip(ctx workflow.Context, in ExportInput) error {
	return runExport(ctx, BuildInboxZipActivity, KindZip, in)
}

// ExportContentZip archives shared files (chosen ones or a folder) into the blob store.
func ExportContentZip(ctx workflow.Context, in ExportInput) error {
	return runExport(ctx, BuildContentZipActivity, KindZip, in)
}

// runExport builds the file; when that fails for good it records the error
// on the row, so the polling client stops waiting, and fails the run.
func runExport(ctx workflow.Context, build, kind string, in ExportInput) error {
	bctx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 30 * time.Minute,
		// a worker that dies mid-build stops heartbeating: its build goes to
		// another worker this long after (the activity heartbeats every
		// ExportHeartbeat)
		HeartbeatTimeout: 3 * ExportHeartbeat,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        2 * time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        time.Minute,
			MaximumAttempts:        4,
			NonRetryableErrorTypes: []string{ErrExportGone},
		},
	})
	err := workflow.ExecuteActivity(bctx, build, in.ID).Get(ctx, nil)
	if err == nil {
		return nil
	}
	msg := "export_failed"
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) && appErr.Type() == ErrExportGone {
		msg = "export_not_available"
	}
	fctx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 30 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 10, MaximumInterval: 30 * time.Second},
	})
	if ferr := workflow.ExecuteActivity(fctx, FailExportActivity, ExportFailure{Kind: kind, ID: in.ID, Message: msg}).Get(ctx, nil); ferr != nil {
		return ferr
	}
	return err
}
