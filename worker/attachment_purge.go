package worker

import (
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"portico/activities"
	"portico/temporal"
)

// AttachmentPurges registers the purge timer of system deletions of
// attachments and its activity under their stable names.
func AttachmentPurges(a *activities.AttachmentPurge) Registration {
	return func(w worker.Registry) {
		w.RegisterWorkflowWithOptions(temporal.PurgeAttachments, workflow.RegisterOptions{Name: temporal.PurgeAttachmentsWorkflow})
		a.Register(w)
	}
}
