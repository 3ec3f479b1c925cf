package scheduler

import (
	"context"
	"log/slog"
	"time"
)

// Workflows is the workflow engine's housekeeping (*workflow.Service
// implements it).
type Workflows interface {
	// ReconcileTriggers makes sure every company workflow with a timed
	// trigger has its trigger process running and reading its triggers.
	ReconcileTriggers(ctx context.Context) (int, error)
	// SweepEndedTasks tells runs again about tasks that ended.
	SweepEndedTasks(ctx context.Context) (int, error)
}

// reconcileTriggers makes sure, when a scheduler starts, that every company
// workflow with a schedule or anchor-date trigger has its trigger process
// running on Temporal and reading its current triggers (signal-with-start, so
// running processes are only told to re-read). Temporal may still be starting:
// it retries for a while before giving up.
func reconcileTriggers(ctx context.Context, log *slog.Logger, wf Workflows) error {
	wait := time.Second
	for {
		n, err := wf.ReconcileTriggers(ctx)
		if err == nil {
			log.Info("workflow triggers reconciled", "company_workflows", n)
			return nil
		}
		if wait > 2*time.Minute {
			return err
		}
		log.Warn("reconciling workflow triggers failed, retrying", "err", err, "in", wait)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait *= 2
	}
}

// workflowJobs are the workflow engine's housekeeping: telling runs about
// tasks that ended while their signal was lost (a safety net; runs also poll).
func workflowJobs(wf Workflows) []Job {
	return []Job{
		{Name: "workflows.sweep_ended_tasks", Spec: "@every 30s", Run: func(ctx context.Context) error {
			_, err := wf.SweepEndedTasks(ctx)
			return err
		}},
	}
}
