package worker

import (
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"portico/activities"
	"portico/temporal"
)

// Mail registers the mail workflows (an event's mails, a user's digest, the
// morning mail) and their activities under their stable names.
func Mail(a *activities.Mail) Registration {
	return func(w worker.Registry) {
		w.RegisterWorkflowWithOptions(temporal.MailEventRun, workflow.RegisterOptions{Name: temporal.MailEventWorkflow})
		w.RegisterWorkflowWithOptions(temporal.MailDigestRun, workflow.RegisterOptions{Name: temporal.MailDigestWorkflow})
		w.RegisterWorkflowWithOptions(temporal.MailDailyRun, workflow.RegisterOptions{Name: temporal.MailDailyWorkflow})
		a.Register(w)
	}
}
