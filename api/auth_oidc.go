package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"portico/engine/org"
	"portico/engine/sso"
)

// oidcClient is one OpenID provider Portico signs people in with: Google,
// Microsoft (from the configuration) or a company's own (from its settings).
type oidcClient struct {
	method         string
	issuer         string
	clientID       string
	secret         string
	scopes         []string
	emailKey       string
	callbackPath   string
	company        *org.Company
	requireVerfied bool
}

func (s *Server) googleClient() *oidcClient {
	if s.cfg.GoogleClientID == "" {
		return nil
	}
	return &oidcClient{method: sso.SignInGoogle, issuer: s.cfg.GoogleIssuer, clientID: s.cfg.GoogleClientID,
		secret: s.cfg.GoogleClientSecret, scopes: []string{oidc.ScopeOpenID, "email", "profile"}, emailKey: "email",
		callbackPath: "/auth/google_oauth2/callback", requireVerfied: true}
}

func (s *Server) azureClient() *oidcClient {
	if s.cfg.AzureClientID == "" {
		return nil
	}
	return &oidcClient{method: sso.SignInMicrosoft, issuer: s.cfg.AzureIssuer, clientID: s.cfg.AzureClientID,
		secret: s.cfg.AzureClientSecret, scopes: []string{oidc.ScopeOpenID, "email", "profile"}, emailKey: "email",
		callbackPath: "/auth/azure_oauth2/callback"}
}

func companyOIDCClient(c *org.Company, st sso.OIDCSettings) *oidcClient {
	return &oidcClient{method: sso.SignInOIDC, issuer: st.Issuer, clientID: st.ClientID, secret: st.ClientSecret,
		scopes: strings.Fields(st.Scope), emailKey: st.EmailKey, callbackPath: "/oidc/callback", company: c}
}

// Microsoft's multi-tenant endpoints (common, organizations, consumers)
// publish an issuer template, https://login.microsoftonline.com/{tenantid}/v2.0;
// each token names its own tenant's issuer (claim tid).
func (c *oidcClient) multiTenant() bool {
	if c.method != sso.SignInMicrosoft {
		return false
	}
	u, err := url.Parse(c.issuer)
	if err != nil {
		return false
	}
	tenant, _, _ := strings.Cut(strings.TrimPrefix(u.Path, "/"), "/")
	return tenant == "common" || tenant == "organizations" || tenant == "consumers"
}

// tenantIssuer is the issuer a multi-tenant token of tenant must carry
// ({tenantid} itself for the template).
func (c *oidcClient) tenantIssuer(tenant string) string {
	u, _ := url.Parse(c.issuer)
	return u.Scheme + "://" + u.Host + "/" + tenant + "/v2.0"
}

// OIDCProviders reads OpenID providers: it caches discovered providers
// (discovery and keys) per issuer for an hour, a failed discovery uncached, for
// sign-in, and tests a provider for oidcDiscover. The composition root makes
// one and hands it to NewServer (Deps.OIDC).
type OIDCProviders struct {
	mu     sync.Mutex
	client *http.Client
	cache  map[string]cachedProvider
}

type cachedProvider struct {
	p  *oidc.Provider
	at time.Time
}

// NewOIDCProviders reads providers over HTTP with a 10-second timeout.
func NewOIDCProviders() *OIDCProviders {
	return &OIDCProviders{client: &http.Client{Timeout: 10 * time.Second}, cache: map[string]cachedProvider{}}
}

func (o *OIDCProviders) get(c *oidcClient) (*oidc.Provider, error) {
	o.mu.Lock()
	cp, ok := o.cache[c.issuer]
	o.mu.Unlock()
	if ok && time.Since(cp.at) < time.Hour {
		return cp.p, nil
	}
	// not the request's context: the provider keeps it to fetch keys later
	ctx := oidc.ClientContext(context.Background(), o.client)
	if c.multiTenant() {
		ctx = oidc.InsecureIssuerURLContext(ctx, c.tenantIssuer("{tenantid}"))
	}
	p, err := oidc.NewProvider(ctx, c.issuer)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	o.cache[c.issuer] = cachedProvider{p: p, at: time.Now()}
	o.mu.Unlock()
	return p, nil
}

// Discover reads an issuer's discovery document for oidcDiscover: "" when it
// answers for that issuer, else wrong_issuer or unreachable.
func (o *OIDCProviders) Discover(ctx context.Context, issuer string) string {
	ctx, cancel := context.WithTimeout(oidc.ClientContext(ctx, o.client), 10*time.Second)
	defer cancel()
	_, err := oidc.NewProvider(ctx, issuer)
	var mismatch *oidc.IssuerMismatchError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &mismatch):
		return "wrong_issuer"
	}
	return "unreachable"
}

func (c *oidcClient) oauth2Config(p *oidc.Provider, redirectURL string) oauth2.Config {
	return oauth2.Config{ClientID: c.clientID, ClientSecret: c.secret, Endpoint: p.Endpoint(),
		RedirectURL: redirectURL, Scopes: c.scopes}
}

// startOIDC sends the browser to the provider: code flow with PKCE (S256),
// state and nonce.
func (s *Server) startOIDC(w http.ResponseWriter, r *http.Request, c *oidcClient) {
	p, err := s.oidc.get(c)
	if err != nil {
		s.failSignIn(w, r, c.method, c.company, "discovery_failed", err)
		return
	}
	state := randomToken()
	origin := s.origin(r)
	if c.company != nil { // a company's provider knows the authentication host's address
		origin = s.authOrigin(r)
	}
	f := sso.Flow{Method: c.method, Company: c.company, CallbackURL: origin + c.callbackPath,
		Nonce: randomToken(), CodeVerifier: oauth2.GenerateVerifier(), ReturnOrigin: s.returnOrigin(r, origin)}
	if err := s.beginFlow(w, r, state, f); err != nil {
		s.failSignIn(w, r, c.method, c.company, "internal_error", err)
		return
	}
	conf := c.oauth2Config(p, f.CallbackURL)
	http.Redirect(w, r, conf.AuthCodeURL(state, oidc.Nonce(f.Nonce), oauth2.S256ChallengeOption(f.CodeVerifier)), http.StatusFound)
}

// oidcCallback finishes a code flow of the given method. client gives the
// provider of the flow (for a company flow it reads the company's settings).
func (s *Server) oidcCallback(w http.ResponseWriter, r *http.Request, method string, client func(context.Context, *org.Company) (*oidcClient, error)) {
	q := r.URL.Query()
	f, reason, err := s.takeFlow(w, r, q.Get("state"), &oidcStateCookie)
	if err != nil || reason != "" {
		s.failSignIn(w, r, method, nil, orReason(reason, "internal_error"), err)
		return
	}
	company := f.Company
	if f.Method != method {
		s.failSignIn(w, r, method, company, "wrong_callback", nil)
		return
	}
	if e := q.Get("error"); e != "" {
		s.failSignIn(w, r, method, company, "provider_error", fmt.Errorf("%s: %s", e, q.Get("error_description")))
		return
	}
	c, err := client(r.Context(), company)
	if err != nil || c == nil {
		s.failSignIn(w, r, method, company, "method_not_configured", err)
		return
	}
	id, reason, err := s.exchangeCode(r.Context(), c, f, q.Get("code"))
	if reason != "" {
		s.failSignIn(w, r, method, company, reason, err)
		return
	}
	s.finishSignIn(w, r, f, q.Get("state"), id)
}

// exchangeCode trades the code for tokens and verifies the ID token:
// signature, issuer, audience, expiry and nonce.
func (s *Server) exchangeCode(ctx context.Context, c *oidcClient, f sso.Flow, code string) (sso.Identity, string, error) {
	if code == "" {
		return sso.Identity{}, "missing_code", nil
	}
	p, err := s.oidc.get(c)
	if err != nil {
		return sso.Identity{}, "discovery_failed", err
	}
	conf := c.oauth2Config(p, f.CallbackURL)
	tok, err := conf.Exchange(oidc.ClientContext(ctx, s.oidc.client), code, oauth2.VerifierOption(f.CodeVerifier))
	if err != nil {
		return sso.Identity{}, "token_exchange_failed", err
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return sso.Identity{}, "no_id_token", nil
	}
	verifier := p.Verifier(&oidc.Config{ClientID: c.clientID, SkipIssuerCheck: c.multiTenant()})
	idt, err := verifier.Verify(ctx, raw)
	if err != nil {
		return sso.Identity{}, "invalid_id_token", err
	}
	var claims map[string]any
	if err := idt.Claims(&claims); err != nil {
		return sso.Identity{}, "invalid_id_token", err
	}
	if c.multiTenant() {
		tid, _ := claims["tid"].(string)
		if tid == "" || strings.ContainsAny(tid, "/{}") || idt.Issuer != c.tenantIssuer(tid) {
			return sso.Identity{}, "invalid_id_token", fmt.Errorf("issuer %q for tenant %q", idt.Issuer, tid)
		}
	}
	if idt.Nonce == "" || idt.Nonce != f.Nonce {
		return sso.Identity{}, "nonce_mismatch", nil
	}
	email, _ := claims[c.emailKey].(string)
	verified, present := claimBool(claims["email_verified"])
	if !present {
		// Google always says; Microsoft and a company's own provider vouch for
		// the addresses of their directory
		verified = !c.requireVerfied
	}
	return sso.Identity{Email: email, EmailVerified: verified}, "", nil
}

func claimBool(v any) (value, present bool) {
	switch b := v.(type) {
	case bool:
		return b, true
	case string:
		return b == "true", true
	}
	return false, false
}

func orReason(reason, fallback string) string {
	if reason == "" {
		return fallback
	}
	return reason
}

// The routes of Google and Microsoft sign-in.

func (s *Server) googleStart(w http.ResponseWriter, r *http.Request) {
	s.startConfigured(w, r, s.googleClient(), sso.SignInGoogle)
}

func (s *Server) azureStart(w http.ResponseWriter, r *http.Request) {
	s.startConfigured(w, r, s.azureClient(), sso.SignInMicrosoft)
}

func (s *Server) startConfigured(w http.ResponseWriter, r *http.Request, c *oidcClient, method string) {
	if c == nil {
		s.logAttempt(r.Context(), s.sso.LogFailure, sso.Attempt{Method: method, Reason: "method_not_configured", IP: clientIP(r)})
		http.Redirect(w, r, "/login?error="+loginUnavailable, http.StatusSeeOther)
		return
	}
	s.startOIDC(w, r, c)
}

func (s *Server) googleCallback(w http.ResponseWriter, r *http.Request) {
	s.oidcCallback(w, r, sso.SignInGoogle, func(context.Context, *org.Company) (*oidcClient, error) { return s.googleClient(), nil })
}

func (s *Server) azureCallback(w http.ResponseWriter, r *http.Request) {
	s.oidcCallback(w, r, sso.SignInMicrosoft, func(context.Context, *org.Company) (*oidcClient, error) { return s.azureClient(), nil })
}

// A company's own OpenID provider.

func (s *Server) companyOIDCStart(w http.ResponseWriter, r *http.Request) {
	company, ok := s.ssoCompany(w, r, sso.MethodOIDC)
	if !ok {
		return
	}
	c, err := s.companyOIDC(r.Context(), company)
	if err != nil || c == nil {
		s.failSignIn(w, r, sso.SignInOIDC, company, "method_not_configured", err)
		return
	}
	s.startOIDC(w, r, c)
}

func (s *Server) companyOIDCCallback(w http.ResponseWriter, r *http.Request) {
	s.oidcCallback(w, r, sso.SignInOIDC, s.companyOIDC)
}

func (s *Server) companyOIDC(ctx context.Context, company *org.Company) (*oidcClient, error) {
	if company == nil {
		return nil, nil
	}
	st, err := s.sso.CompanySettings(ctx, company.ID)
	if err != nil || st.OIDC == nil {
		return nil, err
	}
	return companyOIDCClient(company, *st.OIDC), nil
}
