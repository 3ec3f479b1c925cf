package api

import (
	"context"
	"io"
	"mime"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"portico/api/viewer"
	"portico/engine/apperr"
	"portico/engine/inbox"
	"portico/engine/org"
)

// Download is one file served by GET /api/download/{id}.
type Download struct {
	Filename    string
	ContentType string
	ModTime     time.Time
	Content     io.ReadSeekCloser
}

// DownloadSource opens one kind of downloadable (attachment, shared file,
// export) by public id for the viewer, under that kind's access checks. It
// answers RECORD_NOT_FOUND for ids that are not its kind or not visible.
type DownloadSource func(ctx context.Context, req org.Request, id uuid.UUID) (*Download, error)

// inboxDownloads serves thread attachments.
func inboxDownloads(svc *inbox.Service) DownloadSource {
	return func(ctx context.Context, req org.Request, id uuid.UUID) (*Download, error) {
		d, err := svc.OpenAttachment(ctx, req, id)
		if err != nil {
			return nil, err
		}
		return &Download{Filename: d.Filename, ContentType: d.ContentType, ModTime: d.ModTime, Content: d.Content}, nil
	}
}

// download serves GET /api/download/{id}: the first source that knows the id
// streams it, with its content type, an attachment disposition and range
// requests (http.ServeContent).
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	v, id, ok := viewerAndID(w, r, "id")
	if !ok {
		return
	}
	req := v.Request()
	for _, src := range s.downloads {
		d, err := src(r.Context(), req, id)
		if e, ok := apperr.As(err); ok && e.Code == apperr.RecordNotFound {
			continue
		}
		if err != nil {
			s.downloadFailed(w, r, err)
			return
		}
		defer d.Content.Close()
		serveDownload(w, r, d)
		return
	}
	writeError(w, http.StatusNotFound, string(apperr.RecordNotFound), "record_not_found")
}

// downloadFailed answers a source's error: a catalogue error as itself, a
// dependency that is down (the blob store stopped, PostgreSQL restarting) 503
// SERVICE_UNAVAILABLE to try again in a moment, anything else 500.
func (s *Server) downloadFailed(w http.ResponseWriter, r *http.Request, err error) {
	if e, ok := apperr.As(err); ok {
		writeError(w, http.StatusForbidden, string(e.Code), e.Message)
		return
	}
	if dependencyDown(err) {
		s.log.WarnContext(r.Context(), "download: a dependency is down", "err", err)
		w.Header().Set("Retry-After", "5")
		writeError(w, http.StatusServiceUnavailable, codeUnavailable, keyUnavailable)
		return
	}
	s.log.ErrorContext(r.Context(), "download", "err", err)
	writeError(w, http.StatusInternalServerError, "INTERNAL", "something_went_wrong")
}

// viewerAndID is the signed-in viewer and the record id in the route's
// param; without them it has answered 401 or 404.
func viewerAndID(w http.ResponseWriter, r *http.Request, param string) (*viewer.Viewer, uuid.UUID, bool) {
	v := viewer.From(r.Context())
	if v == nil {
		writeError(w, http.StatusUnauthorized, string(apperr.Unauthenticated), "unauthenticated")
		return nil, uuid.Nil, false
	}
	id, err := uuid.Parse(chi.URLParam(r, param))
	if err != nil {
		writeError(w, http.StatusNotFound, string(apperr.RecordNotFound), "record_not_found")
		return nil, uuid.Nil, false
	}
	return v, id, true
}

func serveDownload(w http.ResponseWriter, r *http.Request, d *Download) {
	ct := d.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ct)
	disposition := "attachment"
	if inlineImage(ct, d.Content) {
		disposition = "inline"
	}
	w.Header().Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": d.Filename}))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "private, no-cache")
	// the name is empty so that ServeContent keeps the content type set above
	http.ServeContent(w, r, "", d.ModTime, d.Content)
}

// inlineImages are the image types a browser may show in place: raster
// formats only (an SVG is a document that can carry script).
var inlineImages = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

// inlineImage tells whether a download may be shown in place: its declared
// type is a raster image and its first bytes, sniffed, are that same type.
// Everything else is served as an attachment. It leaves content at its start.
func inlineImage(contentType string, content io.ReadSeeker) bool {
	declared, _, err := mime.ParseMediaType(contentType)
	if err != nil || !inlineImages[declared] {
		return false
	}
	head := make([]byte, 512)
	n, _ := io.ReadFull(content, head)
	if _, err := content.Seek(0, io.SeekStart); err != nil {
		return false
	}
	return http.DetectContentType(head[:n]) == declared
}
