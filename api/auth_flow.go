package api

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"portico/engine/sso"
	"portico/engine/store"
)

// A sign-in under way lives in login_flows for loginFlowTTL; the browser holds
// its state in a cookie and the provider echoes it back (state, RelayState).
const (
	loginStateCookie = "portico_login_state"
	loginFlowTTL     = 10 * time.Minute
)

// Where a sign-in ends when it fails (the login page's error keys).
const (
	loginNoAccess      = "no_access"
	loginFailed        = "login_failed"
	loginUnknownDomain = "sso_unknown_domain"
	loginUnavailable   = "login_method_unavailable"
)

func randomToken() string {
	raw := make([]byte, 32)
	_, _ = rand.Read(raw) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(raw)
}

// newFlow is a flow about to start: its state, nonce and PKCE verifier.
type newFlow struct {
	Method        string
	Company       *store.Company
	CallbackURL   string
	SAMLRequestID *string
	State, Nonce  string
	Verifier      string
}

// beginFlow stores the flow and gives the browser its state cookie.
func (s *Server) beginFlow(w http.ResponseWriter, r *http.Request, f newFlow) error {
	p := store.LoginFlowCreateParams{StateHash: hashToken(f.State), Method: f.Method, Nonce: f.Nonce,
		CodeVerifier: f.Verifier, SamlRequestID: f.SAMLRequestID, CallbackUrl: f.CallbackURL,
		RedirectTo: safeRedirect(r.URL.Query().Get("redirect_to")), ExpiresAt: time.Now().Add(loginFlowTTL)}
	if f.Company != nil {
		p.CompanyID = &f.Company.ID
	}
	if err := s.st.LoginFlowCreate(r.Context(), p); err != nil {
		return err
	}
	cookie := oidcStateCookie
	if f.Method == sso.SignInSAML {
		if !s.cfg.SecureCookies {
			return nil // SameSite=None needs HTTPS; the RelayState and request id bind the flow alone
		}
		cookie = samlStateCookie
	}
	s.setStateCookie(w, cookie, f.State, int(loginFlowTTL.Seconds()))
	return nil
}

// stateCookie is where a browser keeps a flow's state: the OIDC one (Lax,
// for the provider's redirect back) or the SAML one (SameSite=None, since the
// identity provider posts back from its own site; only over HTTPS).
type stateCookie struct {
	name, path string
	sameSite   http.SameSite
}

var (
	oidcStateCookie = stateCookie{loginStateCookie, "/", http.SameSiteLaxMode}
	samlStateCookie = stateCookie{"portico_saml_state", "/saml/consume", http.SameSiteNoneMode}
)

func (s *Server) setStateCookie(w http.ResponseWriter, c stateCookie, value string, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: c.name, Value: value, Path: c.path, HttpOnly: true,
		Secure: s.cfg.SecureCookies || c.sameSite == http.SameSiteNoneMode, SameSite: c.sameSite, MaxAge: maxAge})
}

// takeFlow finds the flow a callback belongs to, once. With a cookie, the
// state must also be the browser's own: a callback carried to another browser
// is refused. The reason says why there is none.
func (s *Server) takeFlow(w http.ResponseWriter, r *http.Request, state string, cookie *stateCookie) (store.LoginFlow, string, error) {
	if cookie != nil {
		s.setStateCookie(w, *cookie, "", -1)
	}
	if state == "" {
		return store.LoginFlow{}, "missing_state", nil
	}
	if cookie != nil {
		c, err := r.Cookie(cookie.name)
		if err != nil || c.Value != state {
			return store.LoginFlow{}, "state_mismatch", nil
		}
	}
	f, err := s.st.LoginFlowTake(r.Context(), hashToken(state))
	if store.IsNotFound(err) {
		return f, "unknown_or_used_state", nil
	}
	return f, "", err
}

// flowCompany is the company of a per-company flow.
func (s *Server) flowCompany(ctx context.Context, f store.LoginFlow) (*store.Company, error) {
	if f.CompanyID == nil {
		return nil, nil
	}
	c, err := s.st.CompanyGet(ctx, *f.CompanyID)
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// finishSignIn lets the person in when the engine admits them: a fresh
// session (any session the browser had is ended first), then where the flow
// was headed. Refusals go to the login page and the events log.
func (s *Server) finishSignIn(w http.ResponseWriter, r *http.Request, f store.LoginFlow, company *store.Company, id sso.Identity) {
	ctx := r.Context()
	u, err := s.sso.Admit(ctx, id, f.Method, company)
	var refusal *sso.Refusal
	if errors.As(err, &refusal) {
		a := sso.Attempt{Method: f.Method, Company: company, Email: id.Email, Reason: refusal.Reason, IP: clientIP(r)}
		if u.ID != 0 {
			a.User = &u
		}
		s.logAttempt(ctx, s.sso.LogFailure, a)
		http.Redirect(w, r, "/login?error="+loginNoAccess, http.StatusSeeOther)
		return
	}
	if err != nil {
		s.failSignIn(w, r, f.Method, company, "internal_error", err)
		return
	}
	if c, err := r.Cookie(sessionCookie); err == nil {
		_ = s.st.SessionDelete(ctx, hashToken(c.Value))
	}
	if err := s.startSession(w, r, u); err != nil {
		s.failSignIn(w, r, f.Method, company, "internal_error", err)
		return
	}
	s.logAttempt(ctx, s.sso.LogSignIn, sso.Attempt{Method: f.Method, Company: company, User: &u, IP: clientIP(r)})
	http.Redirect(w, r, safeRedirect(f.RedirectTo), http.StatusSeeOther)
}

// failSignIn ends a sign-in that went wrong before anyone was identified: the
// login page with the unexpected-error text, and a line in the events log.
func (s *Server) failSignIn(w http.ResponseWriter, r *http.Request, method string, company *store.Company, reason string, cause error) {
	if cause != nil {
		s.log.Warn("sign-in failed", "method", method, "reason", reason, "err", cause)
	}
	s.logAttempt(r.Context(), s.sso.LogFailure, sso.Attempt{Method: method, Company: company, Reason: reason, IP: clientIP(r)})
	http.Redirect(w, r, "/login?error="+loginFailed, http.StatusSeeOther)
}

func (s *Server) logAttempt(ctx context.Context, write func(context.Context, sso.Attempt) error, a sso.Attempt) {
	if err := write(ctx, a); err != nil {
		s.log.Error("events log: sign-in", "err", err)
	}
}

// safeRedirect keeps redirect_to on this site: a path, never another host.
func safeRedirect(to string) string {
	if to == "" || !strings.HasPrefix(to, "/") || strings.HasPrefix(to, "//") || strings.HasPrefix(to, "/\\") {
		return "/"
	}
	if u, err := url.Parse(to); err != nil || u.Host != "" || u.Scheme != "" {
		return "/"
	}
	return to
}

// origin is this request's scheme and host: callbacks are served on the host
// the sign-in started on (the company's host for per-company SSO).
func (s *Server) origin(r *http.Request) string {
	scheme := "http"
	if s.cfg.SecureCookies {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}
