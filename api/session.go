package api

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/netip"
	"time"

	"portico/api/viewer"
	"portico/engine/store"
)

const sessionCookie = "portico_session"

func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// startSession signs the user in: a random token in an HttpOnly cookie, its hash in PostgreSQL.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u store.User) error {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	ua := r.UserAgent()
	err := s.st.SessionCreate(r.Context(), store.SessionCreateParams{
		TokenHash: hashToken(token), UserID: u.ID, Ip: clientIP(r), UserAgent: &ua,
		ExpiresAt: time.Now().Add(s.cfg.SessionTTL),
	})
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
		row, err := s.st.SessionGet(r.Context(), hashToken(c.Value))
		if err != nil {
			if !store.IsNotFound(err) {
				s.log.Error("session lookup", "err", err)
			}
			next.ServeHTTP(w, r)
			return
		}
		// sliding expiry, written at most once a minute per session
		if time.Since(row.LastSeenAt) > time.Minute {
			_ = s.st.SessionTouch(r.Context(), store.SessionTouchParams{TokenHash: hashToken(c.Value),
				ExpiresAt: time.Now().Add(s.cfg.SessionTTL)})
		}
		v := &viewer.Viewer{User: row.User, AdminPanel: s.adminPanel(r, row.User)}
		if ip := clientIP(r); ip != nil {
			v.IP = *ip
		}
		next.ServeHTTP(w, r.WithContext(viewer.With(r.Context(), v)))
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
		_ = s.st.SessionDelete(r.Context(), hashToken(c.Value))
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
	// middleware.RealIP has already put X-Real-IP / X-Forwarded-For into RemoteAddr
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
