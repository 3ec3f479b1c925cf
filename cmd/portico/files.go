package main

import (
	"context"

	"portico/activities"
	"portico/config"
	"portico/engine/blob"
	"portico/engine/files"
	"portico/engine/store"
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

// exportWorker registers the export workflows and activities on a worker.
func exportWorker(ctx context.Context, cfg config.Config, st *store.Store) (worker.Registration, error) {
	blobs, err := openBlobs(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return worker.Exports(activities.NewExport(activities.ExportDeps{Exporter: files.NewExporter(st, blobs)})), nil
}
