package activities

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	sdktemporal "go.temporal.io/sdk/temporal"

	"portico/engine/files"
	"portico/temporal"
)

// Export builds the export files (thread PDF, attachment zip, shared-files
// zip) into the blob store.
type Export struct {
	exporter *files.Exporter
}

// ExportDeps is what the export activities need.
type ExportDeps struct {
	// Exporter builds the files into the blob store.
	Exporter *files.Exporter
}

// NewExport builds the export activities.
func NewExport(d ExportDeps) *Export {
	return &Export{exporter: d.Exporter}
}

// Register adds the activities under their stable names.
func (a *Export) Register(r Registry) {
	register(r, map[string]any{
		temporal.BuildThreadPDFActivity:  a.BuildThreadPDF,
		temporal.BuildInboxZipActivity:   a.BuildInboxZip,
		temporal.BuildContentZipActivity: a.BuildContentZip,
		temporal.FailExportActivity:      a.Fail,
	})
}

// BuildThreadPDF renders the thread PDF of a pdf_files row.
func (a *Export) BuildThreadPDF(ctx context.Context, id string) error {
	return a.run(ctx, id, a.exporter.ThreadPDF)
}

// BuildInboxZip archives the attachments of a zip_files row.
func (a *Export) BuildInboxZip(ctx context.Context, id string) error {
	return a.run(ctx, id, a.exporter.InboxZip)
}

// BuildContentZip archives the shared files of a zip_files row.
func (a *Export) BuildContentZip(ctx context.Context, id string) error {
	return a.run(ctx, id, a.exporter.ContentZip)
}

// Fail records on the row that the export could not be made.
func (a *Export) Fail(ctx context.Context, f temporal.ExportFailure) error {
	id, err := uuid.Parse(f.ID)
	if err != nil {
		return sdktemporal.NewNonRetryableApplicationError("bad export id", temporal.ErrExportGone, err)
	}
	return a.exporter.Fail(ctx, f.Kind, id, f.Message)
}

// run heartbeats while the build runs (a stuck worker is noticed), and marks
// errors that a retry cannot fix as non-retryable.
func (a *Export) run(ctx context.Context, idText string, build func(context.Context, uuid.UUID) error) error {
	id, err := uuid.Parse(idText)
	if err != nil {
		return sdktemporal.NewNonRetryableApplicationError("bad export id", temporal.ErrExportGone, err)
	}
	done := make(chan struct{})
	defer close(done)
	if activity.IsActivity(ctx) {
		go func() {
			t := time.NewTicker(temporal.ExportHeartbeat)
			defer t.Stop()
			for {
				select {
				case <-done:
					return
				case <-t.C:
					activity.RecordHeartbeat(ctx)
				}
			}
		}()
	}
	err = build(ctx, id)
	if errors.Is(err, files.ErrGone) {
		return sdktemporal.NewNonRetryableApplicationError(err.Error(), temporal.ErrExportGone, err)
	}
	return err
}
