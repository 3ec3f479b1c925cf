package workflowtest

import (
	"context"
	"slices"
	"sync"

	"github.com/google/uuid"

	"portico/engine/workflow/contract"
)

// Runner is a workflow.Runner that accepts every request and records it as
// "start:<instance>", "cancel:<instance>", "retry:<instance>",
// "triggers:<company workflow>" or "task:<node>:<status>:<instance>".
type Runner struct {
	mu    sync.Mutex
	calls []string
}

func (r *Runner) record(call string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, call)
	return nil
}

// StartRun records "start:<instance>".
func (r *Runner) StartRun(_ context.Context, id uuid.UUID) error {
	return r.record("start:" + id.String())
}

// CancelRun records "cancel:<instance>".
func (r *Runner) CancelRun(_ context.Context, id uuid.UUID) error {
	return r.record("cancel:" + id.String())
}

// RetryRun records "retry:<instance>".
func (r *Runner) RetryRun(_ context.Context, id uuid.UUID) error {
	return r.record("retry:" + id.String())
}

// TriggersChanged records "triggers:<company workflow>".
func (r *Runner) TriggersChanged(_ context.Context, id uuid.UUID) error {
	return r.record("triggers:" + id.String())
}

// TaskChanged records "task:<node>:<status>:<instance>".
func (r *Runner) TaskChanged(_ context.Context, id uuid.UUID, ch contract.TaskChange) error {
	return r.record("task:" + ch.NodeID + ":" + ch.Status + ":" + id.String())
}

// Calls is what was asked so far, in order.
func (r *Runner) Calls() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.calls)
}
