package api

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"portico/engine/org"
	"portico/engine/sso"
)

// The browser holds a sign-in's state in a cookie and the provider echoes it
// back (state, RelayState); the engine keeps the flow (sso.BeginFlow).
const loginStateCookie = "portico_login_state"

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

// beginFlow stores the flow under its state, headed where redirect_to says,
// and gives the browser its state cookie.
func (s *Server) beginFlow(w http.ResponseWriter, r *http.Request, state string, f sso.Flow) error {
	f.RedirectTo = safeRedirect(r.URL.Query().Get("redirect_to"))
	if err := s.sso.BeginFlow(r.Context(), state, f); err != nil {
		return err
	}
	cookie := oidcStateCookie
	if f.Method == sso.SignInSAML && f.ReturnOrigin == "" { // a hand-off checks the Lax cookie on this host
		if !s.cfg.SecureCookies {
			return nil // SameSite=None needs HTTPS; the RelayState and request id bind the flow alone
		}
		cookie = samlStateCookie
	}
	s.setStateCookie(w, cookie, state, int(sso.FlowTTL.Seconds()))
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

// takeFlow finds the flow a callback belongs to, with its company, once.
// With a cookie, the state must also be the browser's own: a callback carried
// to another browser is refused. The reason says why there is none.
func (s *Server) takeFlow(w http.ResponseWriter, r *http.Request, state string, cookie *stateCookie) (sso.Flow, string, error) {
	if cookie != nil {
		s.setStateCookie(w, *cookie, "", -1)
	}
	if state == "" {
		return sso.Flow{}, "missing_state", nil
	}
	mismatch := false
	if cookie != nil {
		c, err := r.Cookie(cookie.name)
		mismatch = err != nil || c.Value != state
	}
	f, found, err := s.sso.TakeFlow(r.Context(), state)
	switch {
	case err != nil:
		return f, "", err
	// a sign-in that began on another host has its cookie there: its hand-off checks it
	case mismatch && (!found || f.ReturnOrigin == ""):
		return sso.Flow{}, "state_mismatch", nil
	case !found:
		return f, "unknown_or_used_state", nil
	}
	return f, "", nil
}

// authOrigin is where the companies' identity providers send people back
// (AUTH_URL): /oidc/callback, /saml/consume, /saml/metadata. Unset, the host
// the request came to.
func (s *Server) authOrigin(r *http.Request) string {
	if s.cfg.AuthURL != "" {
		return strings.TrimSuffix(s.cfg.AuthURL, "/")
	}
	return s.origin(r)
}

// returnOrigin is where a sign-in whose callbacks go to callbackOrigin ends:
// this request's host when it is another one (the hand-off), else none.
func (s *Server) returnOrigin(r *http.Request, callbackOrigin string) string {
	if o := s.origin(r); o != callbackOrigin {
		return o
	}
	return ""
}

// stateBinding is how a hand-off names the browser's state cookie: its hash.
func stateBinding(state string) string {
	sum := sha256.Sum256([]byte(state))
	return hex.EncodeToString(sum[:])
}

// handOff ends a sign-in finished on the authentication host on the host it
// began on: a one-time token, bound to the state cookie there, for
// /auth/handoff, which starts the session and writes the sign_in.
func (s *Server) handOff(w http.ResponseWriter, r *http.Request, f sso.Flow, state string, u org.User) {
	token := randomToken()
	h := sso.Flow{Method: sso.SignInHandoff, Company: f.Company, CallbackURL: f.ReturnOrigin + handoffPath,
		ReturnOrigin: f.ReturnOrigin, UserID: &u.ID, Nonce: stateBinding(state), RedirectTo: f.RedirectTo,
		SignInMethod: f.Method}
	if err := s.sso.BeginFlow(r.Context(), token, h); err != nil {
		s.failSignIn(w, r, f.Method, f.Company, "internal_error", err)
		return
	}
	http.Redirect(w, r, f.ReturnOrigin+handoffPath+"?"+url.Values{"token": {token}}.Encode(), http.StatusSeeOther)
}

// handoffPath takes a hand-off on the host the sign-in began on.
const handoffPath = "/auth/handoff"

// handoff is the end of a sign-in that went through the authentication host:
// the token once, on the host it was made for, in the browser that began it.
func (s *Server) handoff(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	c, cerr := r.Cookie(loginStateCookie)
	s.setStateCookie(w, oidcStateCookie, "", -1)
	u, f, found, err := s.sso.TakeHandoff(ctx, r.URL.Query().Get("token"), s.origin(r))
	if err != nil || !found || cerr != nil || c.Value == "" || stateBinding(c.Value) != f.Nonce {
		reason := "handoff_refused"
		if err != nil {
			reason = "internal_error"
		}
		s.failSignIn(w, r, sso.SignInHandoff, f.Company, reason, err)
		return
	}
	if old, err := r.Cookie(sessionCookie); err == nil {
		_ = s.sessions.End(ctx, old.Value)
	}
	if err := s.startSession(w, r, u); err != nil {
		s.failSignIn(w, r, sso.SignInHandoff, f.Company, "internal_error", err)
		return
	}
	// the sign-in is written here, where the session starts, with the method used on the authentication host
	s.logAttempt(ctx, s.sso.LogSignIn, sso.Attempt{Method: f.SignInMethod, Company: f.Company, User: &u, IP: clientIP(r)})
	http.Redirect(w, r, safeRedirect(f.RedirectTo), http.StatusSeeOther)
}

// finishSignIn lets the person in when the engine admits them: a fresh
// session (any session the browser had is ended first), then where the flow
// was headed. Refusals go to the login page and the events log.
func (s *Server) finishSignIn(w http.ResponseWriter, r *http.Request, f sso.Flow, state string, id sso.Identity) {
	ctx := r.Context()
	company := f.Company
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
	if f.ReturnOrigin != "" {
		s.handOff(w, r, f, state, u)
		return
	}
	if c, err := r.Cookie(sessionCookie); err == nil {
		_ = s.sessions.End(ctx, c.Value)
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
func (s *Server) failSignIn(w http.ResponseWriter, r *http.Request, method string, company *org.Company, reason string, cause error) {
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
