// Package worker wires Portico's Temporal workflows and activities into a
// Temporal worker on the task queue.
package worker

import (
	"context"
	"log/slog"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

// Registration adds workflows and activities to a worker.
type Registration func(w worker.Registry)

// Run polls the task queue until ctx ends.
func Run(ctx context.Context, log *slog.Logger, c client.Client, taskQueue string, regs ...Registration) error {
	w := worker.New(c, taskQueue, worker.Options{})
	for _, reg := range regs {
		reg(w)
	}
	if len(regs) == 0 {
		log.Info("no workflows registered: the worker idles")
		<-ctx.Done()
		return nil
	}
	if err := w.Start(); err != nil {
		return err
	}
	log.Info("temporal worker running", "task_queue", taskQueue)
	<-ctx.Done()
	w.Stop()
	return nil
}
