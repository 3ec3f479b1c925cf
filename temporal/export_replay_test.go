package temporal_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"portico/temporal"
)

// TestExportReplay replays recorded runs of the export workflows (written by
// TestExportsOnTemporal with PORTICO_RECORD_HISTORIES=1): a change that is not
// deterministic for running histories fails here.
func TestExportReplay(t *testing.T) {
	for _, file := range []string{"export_thread_pdf.json", "export_content_zip.json", "export_content_zip_gone.json"} {
		t.Run(file, func(t *testing.T) {
			r := worker.NewWorkflowReplayer()
			r.RegisterWorkflowWithOptions(temporal.ExportThreadPDF, workflow.RegisterOptions{Name: temporal.ExportThreadPDFWorkflow})
			r.RegisterWorkflowWithOptions(temporal.ExportInboxZip, workflow.RegisterOptions{Name: temporal.ExportInboxZipWorkflow})
			r.RegisterWorkflowWithOptions(temporal.ExportContentZip, workflow.RegisterOptions{Name: temporal.ExportContentZipWorkflow})
			require.NoError(t, r.ReplayWorkflowHistoryFromJSONFile(nil, filepath.Join("testdata", file)))
		})
	}
}
