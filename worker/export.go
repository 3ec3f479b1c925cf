package worker

import (
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"portico/activities"
	"portico/temporal"
)

// Exports registers the export workflows (thread PDF, attachment zip,
// shared-files zip) and their activities under their stable names.
func Exports(a *activities.Export) Registration {
	return func(w worker.Registry) {
		w.RegisterWorkflowWithOptions(temporal.ExportThreadPDF, workflow.RegisterOptions{Name: temporal.ExportThreadPDFWorkflow})
		w.RegisterWorkflowWithOptions(temporal.ExportInboxZip, workflow.RegisterOptions{Name: temporal.ExportInboxZipWorkflow})
		w.RegisterWorkflowWithOptions(temporal.ExportContentZip, workflow.RegisterOptions{Name: temporal.ExportContentZipWorkflow})
		a.Register(w)
	}
}
