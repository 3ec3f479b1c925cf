package api

import (
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// serveApp serves the embedded web app: files as they are, every other path
// the app's index.html so that client-side routes load.
func (s *Server) serveApp(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeError(w, http.StatusNotFound, "RECORD_NOT_FOUND", "not_found")
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if strings.HasPrefix(name, "api/") || name == "graphql" {
		writeError(w, http.StatusNotFound, "RECORD_NOT_FOUND", "not_found")
		return
	}
	if name != "" {
		if st, err := fs.Stat(s.web, name); err == nil && !st.IsDir() {
			switch {
			case strings.HasPrefix(name, "assets/"):
				// vite puts a content hash in every asset name
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			case name == "manifest.webmanifest":
				// the install manifest (docs/decisions/0142-ui-version.md): its own type, which
				// Go's table lacks, and an hour's caching, as its name carries no hash
				w.Header().Set("Content-Type", "application/manifest+json")
				w.Header().Set("Cache-Control", "public, max-age=3600")
			case strings.HasPrefix(name, "icons/"):
				w.Header().Set("Cache-Control", "public, max-age=86400")
			}
			http.ServeFileFS(w, r, s.web, name)
			return
		}
	}
	index, err := fs.ReadFile(s.web, "index.html")
	if err != nil {
		http.Error(w, "the web app is not built: run `make build`", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("x-ui-version", UIVersion)
	_, _ = w.Write(index)
}
