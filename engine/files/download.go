package files

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// Download is a stored file the viewer may take: what the download handler
// streams from the blob store.
type Download struct {
	Filename    string
	ContentType string
	BlobKey     string
	ModTime     time.Time
}

// Download finds a shared file, a finished thread PDF or a finished zip by
// its public id. Shared files need read on them; generated files are their
// requester's only (and a PDF needs the thread still readable). Anything else
// is RECORD_NOT_FOUND, revealing nothing.
func (s *Service) Download(ctx context.Context, req org.Request, id uuid.UUID) (Download, error) {
	if _, err := s.st.FileLocate(ctx, id); err == nil {
		_, f, err := s.locateFile(ctx, req, id)
		if err != nil {
			return Download{}, err
		}
		return Download{Filename: f.Filename, ContentType: f.ContentType, BlobKey: f.BlobKey, ModTime: f.UpdatedAt}, nil
	} else if !store.IsNotFound(err) {
		return Download{}, err
	}
	if p, err := s.st.PdfFileLocate(ctx, id); err == nil {
		return s.pdfDownload(ctx, req, p)
	} else if !store.IsNotFound(err) {
		return Download{}, err
	}
	if z, err := s.st.ZipFileLocate(ctx, id); err == nil {
		return s.zipDownload(ctx, req, z)
	} else if !store.IsNotFound(err) {
		return Download{}, err
	}
	return Download{}, apperr.NotFound("file")
}

func (s *Service) pdfDownload(ctx context.Context, req org.Request, row store.PdfFileLocateRow) (Download, error) {
	p := row.PdfFile
	if p.UserID != req.User.ID || p.BlobKey == nil || p.GeneratedAt == nil {
		return Download{}, apperr.NotFound(entityPDF)
	}
	c, err := s.companyByID(ctx, req, row.CompanyUuid, entityPDF)
	if err != nil {
		return Download{}, err
	}
	t, err := s.st.PdfFileThread(ctx, store.PdfFileThreadParams{CompanyID: p.CompanyID, ID: p.ThreadID})
	if store.IsNotFound(err) {
		return Download{}, apperr.NotFound(entityPDF)
	} else if err != nil {
		return Download{}, err
	}
	obj := access.Object{CompanyID: c.Company.UUID, CategoryID: t.CategoryID, Hidden: t.Hidden, Type: t.TaskType}
	if t.AuthorUuid != nil {
		obj.UserID = *t.AuthorUuid
	}
	if !c.Abilities.CanOn(access.ActionGeneratePDF, access.SubjectTask, obj) {
		return Download{}, apperr.NotFound(entityPDF)
	}
	return Download{Filename: safeFilename(t.Title, "thread") + ".pdf", ContentType: "application/pdf",
		BlobKey: *p.BlobKey, ModTime: *p.GeneratedAt}, nil
}

func (s *Service) zipDownload(ctx context.Context, req org.Request, row store.ZipFileLocateRow) (Download, error) {
	z := row.ZipFile
	if z.UserID != req.User.ID || z.BlobKey == nil || z.ArchivedAt == nil {
		return Download{}, apperr.NotFound(entityZip)
	}
	c, err := s.companyByID(ctx, req, row.CompanyUuid, entityZip)
	if err != nil {
		return Download{}, err
	}
	name := "attachments"
	if z.Kind == ZipKindContent {
		name = "files"
		var r contentRequest
		if json.Unmarshal(z.Request, &r) == nil && r.FolderID != nil {
			if f, err := s.st.FolderGetByUUID(ctx, store.FolderGetByUUIDParams{CompanyID: c.Company.ID, UUID: *r.FolderID}); err == nil {
				name = f.Folder.Name
			}
		}
	}
	return Download{Filename: safeFilename(name, "files") + ".zip", ContentType: "application/zip",
		BlobKey: *z.BlobKey, ModTime: *z.ArchivedAt}, nil
}

// safeFilename keeps a title usable as a file name.
func safeFilename(s, fallback string) string {
	s = strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || unicode.IsControl(r) || strings.ContainsRune(`:*?"<>|`, r) {
			return '_'
		}
		return r
	}, strings.TrimSpace(s))
	if r := []rune(s); len(r) > 100 {
		s = string(r[:100])
	}
	if s == "" {
		return fallback
	}
	return s
}

// OpenDownload is Download with the content opened from the blob store; the
// caller closes it.
func (s *Service) OpenDownload(ctx context.Context, req org.Request, id uuid.UUID) (Download, io.ReadSeekCloser, error) {
	d, err := s.Download(ctx, req, id)
	if err != nil {
		return d, nil, err
	}
	rc, err := s.blobs.Open(ctx, d.BlobKey)
	if err != nil {
		return d, nil, fmt.Errorf("files: open %s: %w", d.BlobKey, err)
	}
	return d, rc, nil
}
