package api

import (
	"net/http"
	"net/netip"

	"portico/api/viewer"
	"portico/engine/org"
)

const sessionCookie = "portico_session"

// startSession signs the user in: the session's token in an HttpOnly cookie.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u org.User) error {
	// The first sign-in takes the browser's language (issue 17 item 18).
	if _, err := s.directory.AdoptLanguage(r.Context(), u, demoAppLanguage(r.Header.Get("Accept-Language"))); err != nil {
		return err
	}
	token, err := s.sessions.Start(r.Context(), u, clientIP(r), r.UserAgent())
	if err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: token, Path: "/", HttpOnly: true,
		Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode, MaxAge: int(s.cfg.SessionTTL.Seconds())})
	return nil
}

// loadSession puts the signed-in user, if any, into the request's context.
// A missing, forged or expired cookie simply leaves the request anonymous.
func (s *Server) loadSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(sessionCookie)
		if err != nil || c.Value == "" || len(c.Value) > 128 {
			next.ServeHTTP(w, r)
			return
		}
		sess, ok, err := s.sessions.Resume(r.Context(), c.Value)
		if err != nil {
			// the database is away: the session may well be valid, so this is
			// no sign-out (401) but a failure to retry (docs/decisions)
			s.log.ErrorContext(r.Context(), "session lookup", "err", err)
			w.Header().Set("Retry-After", "5")
			writeError(w, http.StatusServiceUnavailable, "SERVICE_UNAVAILABLE", "service_unavailable")
			return
		}
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		v := &viewer.Viewer{User: sess.User, AdminPanel: s.adminPanel(r, sess.User)}
		if ip := clientIP(r); ip != nil {
			v.IP = *ip
		}
		next.ServeHTTP(w, r.WithContext(viewer.With(sess.Context(r.Context()), v)))
	})
}

// requireViewer answers 401 to anonymous requests.
func (s *Server) requireViewer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if viewer.From(r.Context()) == nil {
			writeError(w, http.StatusUnauthorized, "UNAUTHENTICATED", "unauthenticated")
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Server) signOut(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(sessionCookie); err == nil {
		_ = s.sessions.End(r.Context(), c.Value)
		if v := viewer.From(r.Context()); v != nil {
			if err := s.sso.LogSignOut(r.Context(), v.User, v.IPPtr()); err != nil {
				s.log.Error("events log: sign-out", "err", err)
			}
		}
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", HttpOnly: true,
		Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode, MaxAge: -1})
	writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

func clientIP(r *http.Request) *netip.Addr {
	// clientAddress has already put the client behind a trusted proxy into RemoteAddr
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err == nil {
		a := ap.Addr().Unmap()
		return &a
	}
	a, err := netip.ParseAddr(r.RemoteAddr)
	if err != nil {
		return nil
	}
	return &a
}
