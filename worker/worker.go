package worker

import (
	"context"
	"log/slog"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/interceptor"
	"go.temporal.io/sdk/worker"
)

// Registration adds workflows and activities to a worker.
type Registration func(w worker.Registry)

// Deps is what a worker needs.
type Deps struct {
	Client    client.Client
	TaskQueue string
	Log       *slog.Logger
	// Registrations add what it runs (WorkflowEngine, Exports).
	Registrations []Registration
	// Metrics counts activity outcomes (nil: none).
	Metrics *ActivityMetrics
}

// Worker polls a task queue for Portico's workflows and activities.
type Worker struct {
	d Deps
}

// New builds a worker; Run starts it.
func New(d Deps) *Worker {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Worker{d: d}
}

// Run polls the task queue until ctx ends.
func (w *Worker) Run(ctx context.Context) error {
	if len(w.d.Registrations) == 0 {
		w.d.Log.Info("no workflows registered: the worker idles")
		<-ctx.Done()
		return nil
	}
	tw := worker.New(w.d.Client, w.d.TaskQueue, worker.Options{
		Interceptors: []interceptor.WorkerInterceptor{&activityObserver{metrics: w.d.Metrics, log: w.d.Log}}})
	for _, reg := range w.d.Registrations {
		reg(tw)
	}
	if err := tw.Start(); err != nil {
		return err
	}
	w.d.Log.Info("temporal worker running", "task_queue", w.d.TaskQueue)
	<-ctx.Done()
	tw.Stop()
	return nil
}
