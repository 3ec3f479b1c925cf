package api

import (
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/go-chi/chi/v5"

	"portico/engine/org"
	"portico/engine/sso"
)

// ssoStart is the login page's "Sign in with SSO": the e-mail's domain names
// the company (its accepted domains), whose method the browser is sent to, on
// the company's own host when it has one. No company: the login page says so.
func (s *Server) ssoStart(w http.ResponseWriter, r *http.Request) {
	email := strings.TrimSpace(r.URL.Query().Get("email"))
	company, ok, err := s.sso.CompanyForEmail(r.Context(), email)
	if err != nil {
		s.failSignIn(w, r, "sso", nil, "internal_error", err)
		return
	}
	if !ok {
		s.logAttempt(r.Context(), s.sso.LogFailure, sso.Attempt{Method: "sso", Email: email, Reason: "unknown_domain", IP: clientIP(r)})
		http.Redirect(w, r, "/login?error="+loginUnknownDomain, http.StatusSeeOther)
		return
	}
	q := url.Values{"company": {company.UUID.String()}}
	if to := r.URL.Query().Get("redirect_to"); to != "" {
		q.Set("redirect_to", safeRedirect(to))
	}
	target := "/auth/" + company.SsoMethod + "?" + q.Encode()
	if kind, _ := classifyHost(r.Host, s.cfg.BaseDomain); kind != HostSingle {
		if host, ok, err := s.sso.CompanyHost(r.Context(), company.ID); err == nil && ok {
			target = strings.TrimSuffix(s.origin(r), r.Host) + host + target
		}
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}

// ssoCompany is the company a per-company sign-in (/auth/oidc, /auth/saml) is
// for: ?company=<uuid>, else the company whose host this is. Its SSO must be
// on, with method as its method and settings for it; otherwise the browser
// goes back to the login page.
func (s *Server) ssoCompany(w http.ResponseWriter, r *http.Request, method string) (*org.Company, bool) {
	ctx := r.Context()
	c, found, err := s.sso.SignInCompany(ctx, r.URL.Query().Get("company"), hostOnly(r))
	if err != nil {
		s.failSignIn(w, r, method, nil, "internal_error", err)
		return nil, false
	}
	if found && c.Active && c.SsoEnabled && c.SsoMethod == method {
		st, err := s.sso.CompanySettings(ctx, c.ID)
		if err != nil {
			s.failSignIn(w, r, method, &c, "internal_error", err)
			return nil, false
		}
		if st.Configured(method) {
			return &c, true
		}
	}
	a := sso.Attempt{Method: method, Reason: "method_not_configured", IP: clientIP(r)}
	if found {
		a.Company = &c
	}
	s.logAttempt(ctx, s.sso.LogFailure, a)
	http.Redirect(w, r, "/login?error="+loginUnavailable, http.StatusSeeOther)
	return nil, false
}

// signInRoutes are the sign-in methods under /auth.
func (s *Server) signInRoutes(r chi.Router) {
	r.Get("/google_oauth2", s.googleStart)
	r.Get("/google_oauth2/callback", s.googleCallback)
	r.Get("/azure_oauth2", s.azureStart)
	r.Get("/azure_oauth2/callback", s.azureCallback)
	r.Get("/oidc", s.companyOIDCStart)
	r.Get("/saml", s.samlStart)
	r.Get("/handoff", s.handoff)
	r.Get("/sso", s.ssoStart)
}

// hostOnly is the request's host without its port.
func hostOnly(r *http.Request) string {
	if h, _, err := net.SplitHostPort(r.Host); err == nil {
		return h
	}
	return r.Host
}
