package api

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// securityHeaders sets the browser's protections on every answer: a Content-Security-Policy
// whose scripts come only from the portal itself (an inline script needs the request's nonce,
// cspNonce), no framing of the portal by other sites, no MIME sniffing, no full addresses
// (which may carry a frame token) sent to other origins, and HSTS behind HTTPS.
// Styles may be inline: Ant Design writes its component styles at run time.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	frameSources := "'self'"
	if origin := originOf(s.cfg.ApplicationURL); origin != "" {
		frameSources += " " + origin
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		nonce := newNonce()
		h := w.Header()
		h.Set("Content-Security-Policy", strings.Join([]string{
			"default-src 'self'",
			fmt.Sprintf("script-src 'self' 'nonce-%s'", nonce),
			"style-src 'self' 'unsafe-inline'",
			"img-src 'self' data: blob:",
			"font-src 'self' data:",
			"connect-src 'self'",
			"frame-src " + frameSources,
			"frame-ancestors 'self'",
			"object-src 'none'",
			"base-uri 'self'",
		}, "; "))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		h.Set("Referrer-Policy", "same-origin")
		if s.cfg.SecureCookies {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), nonceKey{}, nonce)))
	})
}

type nonceKey struct{}

// cspNonce is the nonce an inline <script> of this answer must carry.
func cspNonce(r *http.Request) string {
	nonce, _ := r.Context().Value(nonceKey{}).(string)
	return nonce
}

func newNonce() string {
	b := make([]byte, 18)
	// crypto/rand never fails on supported platforms; base64url has no character that
	// HTML attributes escape
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// originOf is the scheme://host of an absolute address template, or "" for a relative one.
func originOf(address string) string {
	u, err := url.Parse(strings.ReplaceAll(address, "{app}", "app"))
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}
