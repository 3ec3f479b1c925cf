package main

import (
	"context"
	"log/slog"

	"go.temporal.io/sdk/client"

	"portico/activities"
	"portico/config"
	"portico/demo"
	"portico/engine/inbox"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow"
	"portico/temporal"
	"portico/wiring"
	"portico/worker"
)

// temporalRunner is the workflow engine's runner for an API or scheduler
// process, on a lazy Temporal client (the process starts even while Temporal
// is down; calls that need it fail until it is up); nil without a Temporal
// address.
func temporalRunner(cfg config.Config, log *slog.Logger) (workflow.Runner, func()) {
	if cfg.TemporalAddress == "" {
		return nil, func() {}
	}
	tc, err := client.NewLazyClient(temporalOptions(cfg, log))
	if err != nil {
		log.Error("workflow engine: Temporal client", "err", err)
		return nil, func() {}
	}
	return temporal.NewRunner(temporal.Deps{Client: tc, TaskQueue: cfg.TaskQueue}), tc.Close
}

// workflowWorker registers the workflow engine on a worker. The inbox writes
// the runs' tasks (counters, unread state, activity, events log) and
// publishes their realtime events through pub.
func workflowWorker(cfg config.Config, st *store.Store, tc client.Client, pub notify.Publisher, log *slog.Logger) worker.Registration {
	dir := org.NewDirectory(st)
	runner := temporal.NewRunner(temporal.Deps{Client: tc, TaskQueue: cfg.TaskQueue})
	// the inbox first, telling runs of their tasks' status changes through the
	// relay (store and runner only); then the service that writes tasks in it
	inboxSvc := inbox.New(st, dir, inbox.Options{Publisher: pub, TaskEvents: workflow.NewTaskEventRelay(st, runner), Log: log})
	svc := wiring.Workflows(cfg, st, dir, runner, inboxSvc, pub, log)
	return worker.WorkflowEngine(activities.NewWorkflow(activities.WorkflowDeps{Engine: svc}))
}

// startDemoRun starts a run of the demo workflow for Acme Oy (under `portico
// dev`, and `portico seed --demo-run`) when none is open (see demo.StartRun).
func startDemoRun(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	runner, closeFn := temporalRunner(cfg, log)
	defer closeFn()
	svc := wiring.Workflows(cfg, st, org.NewDirectory(st), runner, nil, nil, log)
	run, started, err := demo.StartRun(ctx, st, svc)
	if err != nil {
		return err
	}
	if started {
		log.Info("demo workflow run started", "workflow_id", run.TemporalWorkflowID, "ui", svc.TemporalURL(run.TemporalWorkflowID))
	}
	return nil
}
