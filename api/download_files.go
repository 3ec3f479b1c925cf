package api

import (
	"context"

	"github.com/google/uuid"

	"portico/engine/files"
	"portico/engine/org"
)

// filesDownloads serves shared files and generated exports (thread PDFs,
// attachment and shared-files zips) under engine/files' access checks.
func filesDownloads(svc *files.Service) DownloadSource {
	return func(ctx context.Context, req org.Request, id uuid.UUID) (*Download, error) {
		d, content, err := svc.OpenDownload(ctx, req, id)
		if err != nil {
			return nil, err
		}
		return &Download{Filename: d.Filename, ContentType: d.ContentType, ModTime: d.ModTime, Content: content}, nil
	}
}
