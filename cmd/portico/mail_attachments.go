package main

import (
	"context"

	"portico/activities"
	"portico/config"
	"portico/engine/inbox"
	"portico/engine/store"
	"portico/worker"
)

// purgeWorker registers the attachment purge timers and their activity on a worker.
func purgeWorker(ctx context.Context, cfg config.Config, st *store.Store) (worker.Registration, error) {
	blobs, err := openBlobs(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return worker.AttachmentPurges(activities.NewAttachmentPurge(inbox.NewPurger(st, blobs))), nil
}
