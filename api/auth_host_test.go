package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/api"
	"portico/config"
	"portico/devstack"
	"portico/engine/store"
)

// hostRequest runs one request on the handler as if it came to host, with cookies.
func hostRequest(t *testing.T, h http.Handler, host, target string, cookies ...*http.Cookie) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req.Host = host
	for _, c := range cookies {
		if c != nil {
			req.AddCookie(c)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func cookieNamed(rec *httptest.ResponseRecorder, name string) *http.Cookie {
	for _, c := range rec.Result().Cookies() {
		if c.Name == name && c.MaxAge >= 0 && c.Value != "" {
			return c
		}
	}
	return nil
}

// TestSSOOnTheAuthenticationHost: under a real domain a company's OIDC sign-in begun on the
// company's host sends the provider to AUTH_URL's /oidc/callback, and the browser comes back to
// the company's host with a one-time hand-off bound to the state cookie there; the metadata and
// consumer of SAML are the authentication host's too.
func TestSSOOnTheAuthenticationHost(t *testing.T) {
	g, m, p := startProvider(t), startProvider(t), startProvider(t)
	e := testServer(t, serverOpts{configure: func(cfg *config.Config) {
		cfg.GoogleIssuer, cfg.GoogleClientID, cfg.GoogleClientSecret = g.Issuer(), g.Mock.ClientID, g.Mock.ClientSecret
		cfg.AzureIssuer, cfg.AzureClientID, cfg.AzureClientSecret = m.Issuer(), m.Mock.ClientID, m.Mock.ClientSecret
	}})
	acmeSSO(t, ssoEnv{env: e.env, google: g, microsoft: m, company: p, seedCompanies: e.seed.Companies})
	acme := e.seed.Companies["Acme Oy"].UUID.String()
	require.NoError(t, e.st.CompanyDomainAdd(context.Background(),
		store.CompanyDomainAddParams{CompanyID: e.seed.Companies["Acme Oy"].ID, Domain: "acme.portico.test"}))

	d := e.deps
	d.Config.BaseDomain, d.Config.AuthURL = "portico.test", "http://auth.portico.test"
	h := api.NewServer(d).Handler()
	const company, auth = "acme.portico.test", "auth.portico.test"
	browser := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

	// begin on the company's host, through the provider, to the callback on the authentication host
	begin := func(t *testing.T, email string) (*http.Cookie, string) {
		t.Helper()
		start := hostRequest(t, h, company, "/auth/oidc?"+url.Values{"company": {acme}, "redirect_to": {"/inbox"}}.Encode())
		require.Equal(t, http.StatusFound, start.Code, start.Body.String())
		state := cookieNamed(start, "portico_login_state")
		require.NotNil(t, state, "the state cookie is the company host's")
		to, err := url.Parse(start.Header().Get("Location"))
		require.NoError(t, err)
		require.Equal(t, "http://auth.portico.test/oidc/callback", to.Query().Get("redirect_uri"))
		res, err := browser.Get(to.String() + "&" + devstack.LoginAsParam + "=" + url.QueryEscape(email))
		require.NoError(t, err)
		res.Body.Close()
		callback, err := url.Parse(res.Header.Get("Location"))
		require.NoError(t, err)
		require.Equal(t, auth, callback.Host)
		require.Equal(t, "/oidc/callback", callback.Path)
		back := hostRequest(t, h, auth, callback.RequestURI())
		require.Equal(t, http.StatusSeeOther, back.Code)
		require.Nil(t, cookieNamed(back, "portico_session"), "nobody is signed in on the authentication host")
		return state, back.Header().Get("Location")
	}

	t.Run("the hand-off signs in on the company's host once", func(t *testing.T) {
		signedInBefore := signInMethods(t, e.st)
		state, handoff := begin(t, "anna@acme.test")
		require.True(t, strings.HasPrefix(handoff, "http://acme.portico.test/auth/handoff?token="), handoff)
		u, _ := url.Parse(handoff)

		for _, tc := range []struct {
			name, host string
			cookie     *http.Cookie
		}{
			{"without the browser's state cookie", company, nil},
			{"with another state cookie", company, &http.Cookie{Name: "portico_login_state", Value: "someone-else"}},
		} {
			rec := hostRequest(t, h, tc.host, u.RequestURI(), tc.cookie)
			assert.Equal(t, "/login?error=login_failed", rec.Header().Get("Location"), tc.name)
			assert.Nil(t, cookieNamed(rec, "portico_session"), tc.name)
		}

		// the refusals above used the token up: a fresh one for the real thing
		state, handoff = begin(t, "anna@acme.test")
		u, _ = url.Parse(handoff)
		other := hostRequest(t, h, "borealis.portico.test", u.RequestURI(), state)
		assert.Equal(t, "/login?error=login_failed", other.Header().Get("Location"), "a hand-off is for its own host")

		state, handoff = begin(t, "anna@acme.test")
		u, _ = url.Parse(handoff)
		assert.Equal(t, signedInBefore, signInMethods(t, e.st), "a hand-off refused writes no sign_in")
		name, _, reason := lastSignInEvent(t, e.st)
		assert.Equal(t, "sign_in_failed", name)
		assert.Equal(t, "handoff_refused", reason)

		rec := hostRequest(t, h, company, u.RequestURI(), state)
		require.Equal(t, "/inbox", rec.Header().Get("Location"))
		assert.Equal(t, append(signedInBefore, "oidc"), signInMethods(t, e.st),
			"one sign_in, where the session starts, with the method used on the authentication host")
		session := cookieNamed(rec, "portico_session")
		require.NotNil(t, session)
		init := hostRequest(t, h, company, "/api/init.json", session)
		require.Equal(t, http.StatusOK, init.Code, init.Body.String())
		assert.Contains(t, init.Body.String(), "anna@acme.test")

		again := hostRequest(t, h, company, u.RequestURI(), state)
		assert.Equal(t, "/login?error=login_failed", again.Header().Get("Location"), "a hand-off works once")
		assert.Equal(t, append(signedInBefore, "oidc"), signInMethods(t, e.st), "a hand-off used again writes no sign_in")
	})

	t.Run("a refusal ends on the login page without a hand-off", func(t *testing.T) {
		_, to := begin(t, "eva@borealis.test")
		assert.Equal(t, "/login?error=no_access", to)
	})

	t.Run("the callback addresses answer on the authentication host", func(t *testing.T) {
		meta := hostRequest(t, h, auth, "/saml/metadata")
		require.Equal(t, http.StatusOK, meta.Code)
		assert.Contains(t, meta.Body.String(), `entityID="http://auth.portico.test/saml/metadata"`)
		assert.Contains(t, meta.Body.String(), `Location="http://auth.portico.test/saml/consume"`)
		// a callback without its flow is the sign-in's own refusal, not the web app
		cb := hostRequest(t, h, auth, "/oidc/callback?state=unknown&code=x")
		assert.Equal(t, "/login?error=login_failed", cb.Header().Get("Location"))
		form := httptest.NewRequest(http.MethodPost, "/saml/consume", strings.NewReader("RelayState=unknown&SAMLResponse=x"))
		form.Host = auth
		form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, form)
		assert.Equal(t, "/login?error=login_failed", rec.Header().Get("Location"))
	})
}
