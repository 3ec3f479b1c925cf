package api_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/config"
	"portico/engine/inbox"
)

func securedServer(t *testing.T, configure func(*config.Config)) *httptest.Server {
	t.Helper()
	return testServer(t, serverOpts{configure: configure}).srv
}

func fetch(t *testing.T, address string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(address)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res, string(body)
}

var scriptSources = regexp.MustCompile(`script-src ([^;]*)`)

// Every answer carries the browser's protections; scripts only from the portal itself.
func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	srv := securedServer(t, nil)
	for _, path := range []string{"/", "/inbox", "/api/init.json", "/healthz", "/auth/dev"} {
		res, _ := fetch(t, srv.URL+path)
		csp := res.Header.Get("Content-Security-Policy")
		require.NotEmpty(t, csp, path)
		scripts := scriptSources.FindStringSubmatch(csp)
		require.Len(t, scripts, 2, "%s: %s", path, csp)
		assert.NotContains(t, scripts[1], "unsafe-inline", path)
		assert.NotContains(t, scripts[1], "unsafe-eval", path)
		assert.Contains(t, csp, "frame-ancestors 'self'", path)
		assert.Contains(t, csp, "object-src 'none'", path)
		assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"), path)
		assert.Equal(t, "same-origin", res.Header.Get("Referrer-Policy"), path)
		assert.Equal(t, "SAMEORIGIN", res.Header.Get("X-Frame-Options"), path)
		assert.Empty(t, res.Header.Get("Strict-Transport-Security"), "no HSTS over plain HTTP: %s", path)
	}
	first, _ := fetch(t, srv.URL+"/")
	second, _ := fetch(t, srv.URL+"/")
	assert.NotEqual(t, first.Header.Get("Content-Security-Policy"), second.Header.Get("Content-Security-Policy"),
		"a fresh nonce per answer")
}

// Behind HTTPS the browser is told to stay there; a configured application's origin may be framed.
func TestSecurityHeadersFollowConfiguration(t *testing.T) {
	srv := securedServer(t, func(c *config.Config) {
		c.SecureCookies = true
		c.ApplicationURL = "https://apps.example.com/{app}/open"
	})
	res, _ := fetch(t, srv.URL+"/")
	assert.Contains(t, res.Header.Get("Strict-Transport-Security"), "max-age=")
	assert.Contains(t, res.Header.Get("Content-Security-Policy"), "frame-src 'self' https://apps.example.com;")
}

// The demo application's one inline script carries the answer's nonce, so the policy lets it run.
func TestDemoApplicationScriptCarriesTheNonce(t *testing.T) {
	const secret = "demo-secret"
	srv := securedServer(t, func(c *config.Config) { c.ApplicationTokenSecret = secret })
	token := inbox.SignFrame([]byte(secret), inbox.FrameClaims{Application: "netvisor", Action: "open_sales_invoices",
		Expires: time.Now().Add(time.Minute).Unix()})
	res, body := fetch(t, srv.URL+"/apps/netvisor?action=open_sales_invoices&token="+url.QueryEscape(token))
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	nonce := regexp.MustCompile(`'nonce-([^']+)'`).FindStringSubmatch(res.Header.Get("Content-Security-Policy"))
	require.Len(t, nonce, 2)
	require.Contains(t, body, `<script nonce="`+nonce[1]+`">`)
	require.Equal(t, 1, strings.Count(body, "<script"), "no other inline script")
}
