package main

import (
	"context"
	"log/slog"

	"go.temporal.io/sdk/client"

	"portico/activities"
	"portico/config"
	"portico/engine/blob"
	"portico/engine/files"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store"
	"portico/temporal"
	"portico/worker"
)

// openBlobs is the blob store: S3-compatible storage when S3_ENDPOINT is
// set, the local disk under BLOB_DIR otherwise.
func openBlobs(ctx context.Context, cfg config.Config) (blob.Store, error) {
	if cfg.S3Endpoint != "" {
		return blob.NewS3(ctx, blob.S3Options{Endpoint: cfg.S3Endpoint, AccessKey: cfg.S3AccessKey,
			SecretKey: cfg.S3SecretKey, Bucket: cfg.S3Bucket, Region: cfg.S3Region, UseSSL: cfg.S3UseSSL})
	}
	return blob.NewLocal(cfg.BlobDir)
}

// newFiles builds shared files and exports for an API process. Its Temporal
// client connects lazily: the API serves while Temporal is away, and only the
// export mutations fail then.
func newFiles(cfg config.Config, st *store.Store, dir *org.Directory, pub notify.Publisher, blobs blob.Store,
	log *slog.Logger) (*files.Service, func(), error) {
	tc, err := client.NewLazyClient(temporalOptions(cfg, log))
	if err != nil {
		return nil, nil, err
	}
	svc := files.New(files.Deps{Store: st, Directory: dir, Blobs: blobs, Publisher: pub,
		Starter: temporal.NewExportStarter(temporal.Deps{Client: tc, TaskQueue: cfg.TaskQueue}), MaxUploadBytes: cfg.MaxUploadBytes})
	return svc, tc.Close, nil
}

// exportWorker registers the export workflows and activities on a worker.
func exportWorker(ctx context.Context, cfg config.Config, st *store.Store) (worker.Registration, error) {
	blobs, err := openBlobs(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return worker.Exports(activities.NewExport(activities.ExportDeps{Exporter: files.NewExporter(st, blobs)})), nil
}
