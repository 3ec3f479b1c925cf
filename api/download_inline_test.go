package api

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

type nopSeekCloser struct{ *bytes.Reader }

func (nopSeekCloser) Close() error { return nil }

// Uploads are attachments, unless the declared type is a raster image that
// the content, sniffed, confirms; what is served is the whole file either way.
func TestDownloadsAreAttachmentsUnlessASniffedImage(t *testing.T) {
	var pngBytes bytes.Buffer
	_ = png.Encode(&pngBytes, image.NewRGBA(image.Rect(0, 0, 2, 2)))
	html := []byte("<html><script>alert(1)</script></html>")
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
	cases := []struct {
		name, contentType string
		content           []byte
		disposition       string
	}{
		{"a real png", "image/png", pngBytes.Bytes(), "inline"},
		{"html called png", "image/png", html, "attachment"},
		{"png called jpeg", "image/jpeg", pngBytes.Bytes(), "attachment"},
		{"svg", "image/svg+xml", svg, "attachment"},
		{"html", "text/html", html, "attachment"},
		{"pdf", "application/pdf", []byte("%PDF-1.4\n"), "attachment"},
		{"no type", "", pngBytes.Bytes(), "attachment"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			serveDownload(rec, httptest.NewRequest("GET", "/api/download/x", nil), &Download{Filename: "f.png",
				ContentType: tc.contentType, ModTime: time.Unix(0, 0), Content: nopSeekCloser{bytes.NewReader(tc.content)}})
			assert.True(t, strings.HasPrefix(rec.Header().Get("Content-Disposition"), tc.disposition+";"),
				rec.Header().Get("Content-Disposition"))
			assert.Equal(t, "nosniff", rec.Header().Get("X-Content-Type-Options"))
			body, _ := io.ReadAll(rec.Body)
			assert.Equal(t, tc.content, body)
		})
	}
}
