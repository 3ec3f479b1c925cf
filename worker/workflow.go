package worker

import (
	"go.temporal.io/sdk/worker"

	"portico/activities"
	"portico/temporal"
)

// WorkflowEngine registers the workflow engine: the run of an instance, the
// trigger of a company workflow, and their activities, under their stable names.
func WorkflowEngine(a *activities.Workflow) Registration {
	return func(w worker.Registry) {
		temporal.RegisterWorkflowEngine(w)
		a.Register(w)
	}
}
