// Package temporal holds Portico's durable processes on Temporal: the run of
// a workflow instance (InstanceRun) and the trigger of a company workflow
// (TriggerRun). The workflow functions are deterministic interpreters over
// engine/workflow/graph: every side effect is an activity (package activities),
// called by its registered name, so that renaming Go code never breaks a
// running history. Inputs are ids only.
//
// It imports engine/workflow/graph and engine/workflow/contract and no other Portico
// package, nor a database driver (TestTemporalLinksNoDatabase); `make vet` runs
// workflowcheck over it.
//
// Runner (runner.go) is the client side: it starts, cancels and signals those
// processes for engine/workflow.
//
// # A run
//
// InstanceRun loads its plan (the version's structure and the run's
// parameters), then walks the graph from the start node as an event loop over
// the steps in flight:
//   - task and approval nodes create a workflow_task thread (activity
//     BeginTask) and wait for the signal task-status that the inbox's status
//     change sends (and, in case a signal was lost, read the task's status
//     every TaskPollInterval). closed completes a task and approves an
//     approval; skipped (or failed) rejects an approval, whose task is
//     skippable for that; skipped skips an optional task; any other end
//     (cancelled, failed task, skipped mandatory task) fails the step.
//   - condition nodes evaluate their parameter condition; parallel nodes
//     start every branch; join nodes continue once every incoming edge has
//     delivered; wait nodes sleep on a durable timer until the instant
//     BeginWait computed (a duration, or an anchor date at a time of day).
//   - steps on branches a decision leaves behind are recorded as skipped, so
//     a finished run reads 100%.
//   - a failed step records the failure (the run's state failed, with the
//     step and the reason) and waits; the signal retry runs the failed steps
//     again, with everything else the run had done kept. Other parallel
//     branches go on meanwhile.
//   - cancellation (Temporal's cancel request) cancels the open tasks and
//     records the run cancelled.
//
// # A trigger
//
// TriggerRun computes the next run time over a company workflow's schedule
// and anchor-date triggers (activity NextFire), sleeps on a durable timer
// (at most MaxTriggerSleep at a time, re-reading the triggers on waking),
// writes the run's instance (CreateScheduledRun) and starts InstanceRun as an
// abandoned child with the readable id instance/<uuid>. The signal
// triggers-changed makes it re-read its triggers at once. It continues as new
// every TriggerRunsPerHistory runs to keep its history short, and ends when
// the company workflow is unassigned.
package temporal

import (
	"time"

	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

// Registered names: stable whatever the Go functions are called.
const (
	InstanceWorkflowName = "portico.workflow.InstanceRun"
	TriggerWorkflowName  = "portico.workflow.TriggerRun"

	ActBeginRun           = "portico.workflow.BeginRun"
	ActBeginTask          = "portico.workflow.BeginTask"
	ActTaskStatus         = "portico.workflow.TaskStatus"
	ActBeginWait          = "portico.workflow.BeginWait"
	ActFinishStep         = "portico.workflow.FinishStep"
	ActFailStep           = "portico.workflow.FailStep"
	ActResumeRun          = "portico.workflow.ResumeRun"
	ActCompleteRun        = "portico.workflow.CompleteRun"
	ActCancelRun          = "portico.workflow.CancelRun"
	ActNextFire           = "portico.workflow.NextFire"
	ActCreateScheduledRun = "portico.workflow.CreateScheduledRun"

	SignalTaskStatus      = "task-status"
	SignalRetry           = "retry"
	SignalTriggersChanged = "triggers-changed"

	// PermanentErrorType marks activity errors that retrying cannot fix.
	PermanentErrorType = "PermanentError"
)

// Tunables. They are part of the workflows' logic: changing one changes the
// commands a history holds, so they change only with a new workflow version.
const (
	// TaskPollInterval: how often a run reads a task's status itself, in case
	// a status-change signal was lost.
	TaskPollInterval = 12 * time.Hour
	// MaxTriggerSleep: a trigger wakes at least this often to re-read its
	// triggers (a missed triggers-changed signal costs at most this delay).
	MaxTriggerSleep = 6 * time.Hour
	// TriggerRunsPerHistory: runs a trigger starts before continuing as new.
	TriggerRunsPerHistory = 50
)

// RegisterWorkflowEngine adds the workflow engine's workflows to a worker under
// their stable names.
func RegisterWorkflowEngine(r worker.Registry) {
	r.RegisterWorkflowWithOptions(InstanceRun, workflow.RegisterOptions{Name: InstanceWorkflowName})
	r.RegisterWorkflowWithOptions(TriggerRun, workflow.RegisterOptions{Name: TriggerWorkflowName})
}
