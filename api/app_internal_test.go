package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

func TestServeAppManifestAndIcons(t *testing.T) {
	s := &Server{web: fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html>")},
		"manifest.webmanifest":  {Data: []byte(`{"name":"Portico"}`)},
		"icons/icon-192.png":    {Data: []byte("png")},
		"assets/index-abc12.js": {Data: []byte("js")},
	}}
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		s.serveApp(rec, httptest.NewRequest(http.MethodGet, path, nil))
		require.Equal(t, http.StatusOK, rec.Code, path)
		return rec
	}
	m := get("/manifest.webmanifest")
	require.Equal(t, "application/manifest+json", m.Header().Get("Content-Type"))
	require.Equal(t, "public, max-age=3600", m.Header().Get("Cache-Control"))
	require.JSONEq(t, `{"name":"Portico"}`, m.Body.String())

	i := get("/icons/icon-192.png")
	require.Equal(t, "image/png", i.Header().Get("Content-Type"))
	require.Equal(t, "public, max-age=86400", i.Header().Get("Cache-Control"))

	require.Equal(t, "public, max-age=31536000, immutable", get("/assets/index-abc12.js").Header().Get("Cache-Control"))

	page := get("/inbox")
	require.Equal(t, "no-cache", page.Header().Get("Cache-Control"))
	require.Equal(t, UIVersion, page.Header().Get("x-ui-version"))
}

// The server announces the UI version the web bundle was built with (web/package.json's,
// which vite.config.ts builds into the client): a release changes both or neither.
func TestUIVersionIsTheWebPackages(t *testing.T) {
	raw, err := os.ReadFile("../web/package.json")
	require.NoError(t, err)
	var pkg struct {
		Version string `json:"version"`
	}
	require.NoError(t, json.Unmarshal(raw, &pkg))
	require.Equal(t, pkg.Version, UIVersion, "api.UIVersion and web/package.json's version differ")
}
