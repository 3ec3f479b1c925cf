package main

import (
	"context"
	"log/slog"

	"go.temporal.io/sdk/client"

	"portico/activities"
	"portico/config"
	"portico/engine/inbox"
	"portico/engine/store"
	"portico/temporal"
	"portico/worker"
)

// newPurges is the starter of attachment purge timers for an API process, on
// a lazy Temporal client (system deletions fail while Temporal is away).
func newPurges(cfg config.Config, log *slog.Logger) (inbox.Purges, func(), error) {
	tc, err := client.NewLazyClient(client.Options{HostPort: cfg.TemporalAddress, Namespace: cfg.TemporalNamespace,
		Logger: temporalLogger{log}})
	if err != nil {
		return nil, nil, err
	}
	return temporal.NewPurgeStarter(temporal.Deps{Client: tc, TaskQueue: cfg.TaskQueue}), tc.Close, nil
}

// purgeWorker registers the attachment purge timers and their activity on a worker.
func purgeWorker(ctx context.Context, cfg config.Config, st *store.Store) (worker.Registration, error) {
	blobs, err := openBlobs(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return worker.AttachmentPurges(activities.NewAttachmentPurge(inbox.NewPurger(st, blobs))), nil
}
