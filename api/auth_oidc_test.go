package api_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5"
	"github.com/oauth2-proxy/mockoidc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/api"
	"portico/config"
	"portico/devstack"
	"portico/engine/store"
)

// tokenTamper rewrites the ID token a provider answers with; nil leaves it.
type tokenTamper struct {
	fn func(claims jwt.MapClaims) (key *rsa.PrivateKey)
}

// provider is a real OpenID provider in the test process; tamper bends its
// token answers when a test sets it.
type provider struct {
	*devstack.OIDCProvider
	tamper *tokenTamper
}

func startProvider(t *testing.T) *provider {
	t.Helper()
	p := &provider{tamper: &tokenTamper{}}
	op, err := devstack.StartOIDC(devstack.OIDCOptions{Addr: "127.0.0.1:0",
		Middleware: []func(http.Handler) http.Handler{p.bendTokens}})
	require.NoError(t, err)
	t.Cleanup(func() { op.Close() })
	p.OIDCProvider = op
	return p
}

// bendTokens re-signs the token endpoint's ID token after the test's changes:
// with the provider's key (the key id it publishes) or with another key.
func (p *provider) bendTokens(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != mockoidc.TokenEndpoint || p.tamper.fn == nil {
			next.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		var body map[string]any
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &body) != nil {
			w.WriteHeader(rec.Code)
			_, _ = w.Write(rec.Body.Bytes())
			return
		}
		claims := jwt.MapClaims{}
		_, _, err := jwt.NewParser().ParseUnverified(body["id_token"].(string), claims)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		key := p.tamper.fn(claims)
		if key == nil {
			key = p.Mock.Keypair.PrivateKey
		}
		tok := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
		tok.Header["kid"], _ = p.Mock.Keypair.KeyID()
		body["id_token"], err = tok.SignedString(key)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(body)
	})
}

type ssoEnv struct {
	env
	google, microsoft, company *provider
	seedCompanies              map[string]store.Company
}

// setupSSO is Portico with Google and Microsoft pointed at two local
// providers, and a third ready to be a company's own.
func setupSSO(t *testing.T) ssoEnv {
	t.Helper()
	g, m, c := startProvider(t), startProvider(t), startProvider(t)
	e := testServer(t, serverOpts{configure: func(cfg *config.Config) {
		cfg.GoogleIssuer, cfg.GoogleClientID, cfg.GoogleClientSecret = g.Issuer(), g.Mock.ClientID, g.Mock.ClientSecret
		cfg.AzureIssuer, cfg.AzureClientID, cfg.AzureClientSecret = m.Issuer(), m.Mock.ClientID, m.Mock.ClientSecret
	}})
	return ssoEnv{env: e.env, google: g, microsoft: m, company: c, seedCompanies: e.seed.Companies}
}

// location is a redirect's target.
func location(t *testing.T, res *http.Response) string {
	t.Helper()
	require.Contains(t, []int{http.StatusFound, http.StatusSeeOther}, res.StatusCode, "a redirect")
	return res.Header.Get("Location")
}

// getURL fetches an absolute or site-relative address without following redirects.
func (c *client) getURL(u string) *http.Response {
	c.t.Helper()
	if strings.HasPrefix(u, "/") {
		u = c.base + u
	}
	res, err := c.http.Get(u)
	require.NoError(c.t, err)
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

// codeFlow walks a sign-in: start at Portico, pass the provider's page as
// email, and come back to the callback. It answers where the callback sends
// the browser, and the callback address (to replay it).
func (c *client) codeFlow(start, email string) (string, string) {
	c.t.Helper()
	res := c.getURL(start)
	auth := location(c.t, res)
	require.Contains(c.t, auth, "code_challenge_method=S256")
	require.Contains(c.t, auth, "nonce=")
	callback := location(c.t, c.getURL(auth+"&"+devstack.LoginAsParam+"="+url.QueryEscape(email)))
	return location(c.t, c.getURL(callback)), callback
}

func (c *client) signedIn() bool {
	c.t.Helper()
	res, _ := c.get("/api/init.json")
	return res.StatusCode == http.StatusOK
}

// lastSignInEvent is the newest sign-in event: name and reason.
func lastSignInEvent(t *testing.T, st *store.Store) (string, string, string) {
	t.Helper()
	var name string
	var data []byte
	require.NoError(t, st.Pool.QueryRow(context.Background(), `SELECT event_name, data FROM events_log
		WHERE event_category = 'Users' AND event_name LIKE 'sign_%' ORDER BY id DESC LIMIT 1`).Scan(&name, &data))
	var d struct{ Reason, Method string }
	require.NoError(t, json.Unmarshal(data, &d))
	return name, d.Method, d.Reason
}

// signInMethods are the methods of every sign_in written, oldest first.
func signInMethods(t *testing.T, st *store.Store) []string {
	t.Helper()
	rows, err := st.Pool.Query(context.Background(), `SELECT coalesce(data->>'method', '') FROM events_log
		WHERE event_category = 'Users' AND event_name = 'sign_in' ORDER BY id`)
	require.NoError(t, err)
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	return out
}

func TestOIDCSignInGoogleAndMicrosoft(t *testing.T) {
	e := setupSSO(t)
	for _, tc := range []struct{ name, start, email, method string }{
		{"a customer with Google", "/auth/google_oauth2", "anna@acme.test", "google"},
		{"staff with Microsoft", "/auth/azure_oauth2", "agent@portico.test", "microsoft"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := e.client(t)
			to, _ := c.codeFlow(tc.start+"?redirect_to=/inbox", tc.email)
			assert.Equal(t, "/inbox", to)
			assert.True(t, c.signedIn())
			name, method, _ := lastSignInEvent(t, e.st)
			assert.Equal(t, "sign_in", name)
			assert.Equal(t, tc.method, method)

			res, _ := c.get("/api/users/sign_out")
			require.Equal(t, http.StatusOK, res.StatusCode)
			assert.False(t, c.signedIn(), "sign-out ends the session")
			name, _, _ = lastSignInEvent(t, e.st)
			assert.Equal(t, "sign_out", name)
		})
	}
}

func TestOIDCLoginOptions(t *testing.T) {
	e := setupSSO(t)
	res, body := e.client(t).get("/api/login_options")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.JSONEq(t, `{"google":true,"microsoft":true,"sso":true,"devLogin":true}`, string(body))
}

func TestOIDCLoginOptionsOnACompanyHost(t *testing.T) {
	g := startProvider(t)
	e := testServer(t, serverOpts{configure: func(cfg *config.Config) {
		cfg.BaseDomain = "portico.test"
		cfg.GoogleIssuer, cfg.GoogleClientID, cfg.GoogleClientSecret = g.Issuer(), g.Mock.ClientID, g.Mock.ClientSecret
	}})
	d, st, seed := e.deps, e.st, e.seed
	acme := seed.Companies["Acme Oy"]
	ctx := context.Background()
	require.NoError(t, st.CompanyDomainAdd(ctx, store.CompanyDomainAddParams{CompanyID: acme.ID, Domain: "acme.portico.test"}))
	_, err := st.CompanySetLoginOptions(ctx, store.CompanySetLoginOptionsParams{ID: acme.ID, SsoMethod: "none",
		GoogleLoginEnabled: false, MicrosoftLoginEnabled: true})
	require.NoError(t, err)
	for host, want := range map[string]string{
		"acme.portico.test": `{"google":false,"microsoft":false,"sso":false,"devLogin":true}`,
		"portico.test":      `{"google":true,"microsoft":false,"sso":true,"devLogin":true}`,
	} {
		req := httptest.NewRequest(http.MethodGet, "/api/login_options", nil)
		req.Host = host
		rec := httptest.NewRecorder()
		api.NewServer(d).Handler().ServeHTTP(rec, req)
		require.Equal(t, http.StatusOK, rec.Code)
		assert.JSONEq(t, want, rec.Body.String(), host)
	}
}

func TestOIDCSignInRefused(t *testing.T) {
	e := setupSSO(t)
	otherKey, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	for _, tc := range []struct {
		name, email, wantError, reason string
		tamper                         func(jwt.MapClaims) *rsa.PrivateKey
	}{
		{"unknown user", "nobody@acme.test", "no_access", "unknown_user", nil},
		{"forged token", "anna@acme.test", "login_failed", "invalid_id_token",
			func(jwt.MapClaims) *rsa.PrivateKey { return otherKey }},
		{"expired token", "anna@acme.test", "login_failed", "invalid_id_token", func(c jwt.MapClaims) *rsa.PrivateKey {
			c["exp"] = time.Now().Add(-time.Hour).Unix()
			return nil
		}},
		{"wrong audience", "anna@acme.test", "login_failed", "invalid_id_token", func(c jwt.MapClaims) *rsa.PrivateKey {
			c["aud"] = "someone-else"
			return nil
		}},
		{"wrong issuer", "anna@acme.test", "login_failed", "invalid_id_token", func(c jwt.MapClaims) *rsa.PrivateKey {
			c["iss"] = "https://accounts.example.com"
			return nil
		}},
		{"another nonce", "anna@acme.test", "login_failed", "nonce_mismatch", func(c jwt.MapClaims) *rsa.PrivateKey {
			c["nonce"] = "replayed"
			return nil
		}},
		{"unverified e-mail", "anna@acme.test", "no_access", "email_not_verified", func(c jwt.MapClaims) *rsa.PrivateKey {
			c["email_verified"] = false
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e.google.tamper.fn = tc.tamper
			defer func() { e.google.tamper.fn = nil }()
			c := e.client(t)
			to, _ := c.codeFlow("/auth/google_oauth2", tc.email)
			assert.Equal(t, "/login?error="+tc.wantError, to)
			assert.False(t, c.signedIn())
			name, method, reason := lastSignInEvent(t, e.st)
			assert.Equal(t, "sign_in_failed", name)
			assert.Equal(t, "google", method)
			assert.Equal(t, tc.reason, reason)
		})
	}
}

func TestOIDCStateRefused(t *testing.T) {
	e := setupSSO(t)
	fail := func(t *testing.T, c *client, callback, reason string) {
		t.Helper()
		assert.Equal(t, "/login?error=login_failed", location(t, c.getURL(callback)))
		assert.False(t, c.signedIn())
		name, _, got := lastSignInEvent(t, e.st)
		assert.Equal(t, "sign_in_failed", name)
		assert.Equal(t, reason, got)
	}
	t.Run("missing state", func(t *testing.T) {
		fail(t, e.client(t), "/auth/google_oauth2/callback?code=abc", "missing_state")
	})
	t.Run("an error from the provider", func(t *testing.T) {
		c := e.client(t)
		auth, err := url.Parse(location(t, c.getURL("/auth/google_oauth2")))
		require.NoError(t, err)
		fail(t, c, "/auth/google_oauth2/callback?error=access_denied&state="+auth.Query().Get("state"), "provider_error")
	})
	t.Run("reused state", func(t *testing.T) {
		c := e.client(t)
		to, callback := c.codeFlow("/auth/google_oauth2", "anna@acme.test")
		require.Equal(t, "/", to)
		cb, _ := url.Parse(callback)
		c.get("/api/users/sign_out")
		// the browser still holds the state: only its single use stops it
		c.http.Jar.SetCookies(cb, []*http.Cookie{{Name: "portico_login_state", Value: cb.Query().Get("state"), Path: "/"}})
		fail(t, c, callback, "unknown_or_used_state")
	})
	t.Run("a callback carried to another browser", func(t *testing.T) {
		a, b := e.client(t), e.client(t)
		auth := location(t, a.getURL("/auth/google_oauth2"))
		callback := location(t, a.getURL(auth+"&login_as=anna%40acme.test"))
		fail(t, b, callback, "state_mismatch")
	})
	t.Run("a Google state at the Microsoft callback", func(t *testing.T) {
		c := e.client(t)
		auth := location(t, c.getURL("/auth/google_oauth2"))
		callback := location(t, c.getURL(auth+"&login_as=anna%40acme.test"))
		fail(t, c, strings.Replace(callback, "google_oauth2", "azure_oauth2", 1), "wrong_callback")
	})
}

func TestOIDCSessionIsNewOnSignIn(t *testing.T) {
	e := setupSSO(t)
	c := e.client(t)
	c.signIn("carl@acme.test")
	u, _ := url.Parse(e.srv.URL)
	before := c.http.Jar.Cookies(u)
	to, _ := c.codeFlow("/auth/google_oauth2", "anna@acme.test")
	require.Equal(t, "/", to)
	after := c.http.Jar.Cookies(u)
	old, fresh := cookieValue(before, "portico_session"), cookieValue(after, "portico_session")
	require.NotEmpty(t, old)
	assert.NotEqual(t, old, fresh, "a new session id on sign-in")
	var n int
	require.NoError(t, e.st.Pool.QueryRow(context.Background(), `SELECT count(*) FROM sessions`).Scan(&n))
	assert.Equal(t, 1, n, "the earlier session ended")
}

func cookieValue(cs []*http.Cookie, name string) string {
	for _, c := range cs {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// TestOIDCMicrosoftMultiTenant: a Microsoft-like provider at an
// "organizations" address publishes the issuer template, and each token
// names its tenant's issuer.
func TestOIDCMicrosoftMultiTenant(t *testing.T) {
	m := startProvider(t)
	var front *httptest.Server
	front = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/organizations/v2.0/.well-known/openid-configuration" {
			http.NotFound(w, r)
			return
		}
		res, err := http.Get(m.Mock.DiscoveryEndpoint())
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		var doc map[string]any
		_ = json.NewDecoder(res.Body).Decode(&doc)
		doc["issuer"] = front.URL + "/{tenantid}/v2.0"
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(doc)
	}))
	defer front.Close()
	e := testServer(t, serverOpts{configure: func(cfg *config.Config) {
		cfg.AzureIssuer, cfg.AzureClientID, cfg.AzureClientSecret = front.URL+"/organizations/v2.0", m.Mock.ClientID, m.Mock.ClientSecret
	}}).env
	for _, tc := range []struct {
		name, tid, iss, want string
	}{
		{"its tenant's issuer", "tenant-1", "/tenant-1/v2.0", "/"},
		{"another tenant's issuer", "tenant-1", "/tenant-2/v2.0", "/login?error=login_failed"},
		{"no tenant", "", "/tenant-1/v2.0", "/login?error=login_failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m.tamper.fn = func(c jwt.MapClaims) *rsa.PrivateKey {
				c["iss"] = front.URL + tc.iss
				if tc.tid != "" {
					c["tid"] = tc.tid
				}
				return nil
			}
			c := e.client(t)
			to, _ := c.codeFlow("/auth/azure_oauth2", "agent@portico.test")
			assert.Equal(t, tc.want, to)
			assert.Equal(t, tc.want == "/", c.signedIn())
		})
	}
}
