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
	"portico/worker"
)

// workflowEngine builds the workflow engine's service for an API or scheduler
// process, on a lazy Temporal client (the process starts even while Temporal
// is down; calls that need it fail until it is up).
func workflowEngine(cfg config.Config, st *store.Store, dir *org.Directory, log *slog.Logger) (*workflow.Service, func()) {
	var runner workflow.Runner
	closeFn := func() {}
	if cfg.TemporalAddress != "" {
		tc, err := client.NewLazyClient(client.Options{HostPort: cfg.TemporalAddress, Namespace: cfg.TemporalNamespace,
			Logger: temporalLogger{log}})
		if err != nil {
			log.Error("workflow engine: Temporal client", "err", err)
		} else {
			runner, closeFn = temporal.NewRunner(temporal.Deps{Client: tc, TaskQueue: cfg.TaskQueue}), tc.Close
		}
	}
	svc := workflow.New(st, dir, runner).WithTemporalUI(cfg.TemporalUIURL, cfg.TemporalNamespace)
	return svc, closeFn
}

// workflowWorker registers the workflow engine on a worker. The inbox writes
// the runs' tasks (counters, unread state, activity, events log) and
// publishes their realtime events through pub.
func workflowWorker(cfg config.Config, st *store.Store, tc client.Client, pub notify.Publisher, log *slog.Logger) worker.Registration {
	dir := org.NewDirectory(st)
	svc := workflow.New(st, dir, temporal.NewRunner(temporal.Deps{Client: tc, TaskQueue: cfg.TaskQueue}))
	inboxSvc := inbox.New(st, dir, inbox.Options{Publisher: pub, TaskEvents: svc, Log: log})
	svc.WithTasks(inboxSvc)
	return worker.WorkflowEngine(activities.NewWorkflow(activities.WorkflowDeps{Engine: svc}))
}

// startDemoRun starts a run of the demo workflow for Acme Oy under `portico
// dev` when none is open, so its tasks are in Acme Oy's inbox and the run is
// in the Temporal UI from the first start.
func startDemoRun(ctx context.Context, cfg config.Config, log *slog.Logger) {
	st, err := openStore(ctx, cfg)
	if err != nil {
		log.Error("demo run", "err", err)
		return
	}
	defer st.Close()
	svc, closeFn := workflowEngine(cfg, st, org.NewDirectory(st), log)
	defer closeFn()
	w, err := st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	if err != nil {
		log.Warn("demo run: no demo workflow", "err", err)
		return
	}
	acme, err := st.CompanyGetByName(ctx, "Acme Oy")
	if err != nil {
		return
	}
	cw, err := st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: acme.ID, WorkflowID: w.ID})
	if err != nil {
		return
	}
	open, err := st.WorkflowInstanceOpenCount(ctx, store.WorkflowInstanceOpenCountParams{CompanyID: acme.ID, CompanyWorkflowID: cw.ID})
	if err != nil || open > 0 {
		return
	}
	admin, err := st.UserGetByEmail(ctx, "admin@portico.test")
	if err != nil {
		return
	}
	run, err := svc.Start(ctx, org.Request{User: admin, AdminPanel: true}, cw.UUID, nil)
	if err != nil {
		log.Error("demo run", "err", err)
		return
	}
	log.Info("demo workflow run started", "workflow_id", run.TemporalWorkflowID, "ui", svc.TemporalURL(run.TemporalWorkflowID))
}
