package api

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"portico/engine/apperr"
)

// avatar serves GET /api/avatars/{userId}/{version}: the user's current
// picture to a viewer who may see the user, else 404. A version is never
// reused for other bytes, so browsers keep it for a year without asking
// (private: it is behind the session) and revalidate by ETag if they do.
func (s *Server) avatar(w http.ResponseWriter, r *http.Request) {
	v, id, ok := viewerAndID(w, r, "userId")
	if !ok {
		return
	}
	a, err := s.avatars.Open(r.Context(), v.Request(), id, chi.URLParam(r, "version"))
	if err != nil {
		if e, ok := apperr.As(err); ok {
			writeError(w, http.StatusNotFound, string(apperr.RecordNotFound), e.Message)
			return
		}
		s.log.ErrorContext(r.Context(), "avatar", "err", err)
		writeError(w, http.StatusInternalServerError, "INTERNAL", "something_went_wrong")
		return
	}
	defer a.Content.Close()
	h := w.Header()
	h.Set("Content-Type", a.ContentType)
	h.Set("Cache-Control", "private, max-age=31536000, immutable")
	h.Set("ETag", `"`+a.Version+`"`)
	http.ServeContent(w, r, "", time.Time{}, a.Content)
}
