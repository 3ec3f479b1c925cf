package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/api/viewer"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// A download whose source fails answers by the failure: a catalogue error as
// itself, the blob store stopped 503 SERVICE_UNAVAILABLE (try again), anything
// else 500 something_went_wrong.
func TestDownloadFailures(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	for _, c := range []struct {
		name       string
		err        error
		status     int
		code, key  string
		retryAfter string
	}{
		{"the blob store stopped", fmt.Errorf("files: open files/x: %w", refused), http.StatusServiceUnavailable,
			"SERVICE_UNAVAILABLE", "service_unavailable", "5"},
		{"a catalogue error", apperr.Denied(""), http.StatusForbidden, "ACCESS_DENIED", "access_denied", ""},
		{"a plain failure", errors.New("boom"), http.StatusInternalServerError, "INTERNAL", "something_went_wrong", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil)), downloads: []DownloadSource{
				func(context.Context, org.Request, uuid.UUID) (*Download, error) { return nil, c.err }}}
			req := httptest.NewRequest(http.MethodGet, "/api/download/x", nil)
			rc := chi.NewRouteContext()
			rc.URLParams.Add("id", uuid.NewString())
			ctx := context.WithValue(req.Context(), chi.RouteCtxKey, rc)
			req = req.WithContext(viewer.With(ctx, &viewer.Viewer{User: store.User{ID: 1}}))
			rec := httptest.NewRecorder()
			s.download(rec, req)
			require.Equal(t, c.status, rec.Code)
			var body struct {
				Errors []struct{ Code, Message string }
			}
			require.NoError(t, json.NewDecoder(rec.Body).Decode(&body))
			require.Len(t, body.Errors, 1)
			assert.Equal(t, c.code, body.Errors[0].Code)
			assert.Equal(t, c.key, body.Errors[0].Message)
			assert.Equal(t, c.retryAfter, rec.Header().Get("Retry-After"))
		})
	}
}
