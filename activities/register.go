package activities

import "go.temporal.io/sdk/activity"

// Registry is where activities are registered: a Temporal worker.
type Registry interface {
	RegisterActivityWithOptions(any, activity.RegisterOptions)
}

// register adds activities under their stable names (the temporal package's
// constants, which the workflow code calls them by).
func register(r Registry, byName map[string]any) {
	for name, fn := range byName {
		r.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name})
	}
}
