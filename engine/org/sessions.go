package org

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/netip"
	"time"

	"portico/engine/store"
)

// Sessions are sign-in sessions: the user keeps a random token, the database
// only its hash, the user and an expiry that slides while the session is used.
type Sessions struct {
	st  *store.Store
	ttl time.Duration
}

// NewSessions keeps sessions in st; a session unused for ttl expires.
func NewSessions(st *store.Store, ttl time.Duration) *Sessions { return &Sessions{st: st, ttl: ttl} }

// Start opens a session for u and returns its token.
func (s *Sessions) Start(ctx context.Context, u User, ip *netip.Addr, userAgent string) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	err := s.st.SessionCreate(ctx, store.SessionCreateParams{TokenHash: hashToken(token), UserID: u.ID, Ip: ip,
		UserAgent: &userAgent, ExpiresAt: time.Now().Add(s.ttl)})
	if err != nil {
		return "", fmt.Errorf("org: start session: %w", err)
	}
	return token, nil
}

// Session is a live session as one request finds it: its user, and the
// directory's version read with it (Context).
type Session struct {
	User             User
	directoryVersion int64
}

// Context is ctx carrying the directory's version this session was read
// with: in a context that also carries a memo (WithMemo), Directory.Companies
// may answer from what it kept for the same user at that same version
// (decision 0152). Only a version read from the database gets there.
func (s Session) Context(ctx context.Context) context.Context {
	return context.WithValue(ctx, versionCtxKey{}, s.directoryVersion)
}

// Resume is the live session of token (ok false for an unknown, expired or
// deactivated one). Its expiry slides, written at most once a minute.
func (s *Sessions) Resume(ctx context.Context, token string) (sess Session, ok bool, err error) {
	row, err := s.st.SessionGet(ctx, hashToken(token))
	if store.IsNotFound(err) {
		return Session{}, false, nil
	} else if err != nil {
		return Session{}, false, fmt.Errorf("org: session lookup: %w", err)
	}
	if time.Since(row.LastSeenAt) > time.Minute {
		_ = s.st.SessionTouch(ctx, store.SessionTouchParams{TokenHash: hashToken(token), ExpiresAt: time.Now().Add(s.ttl)})
	}
	return Session{User: row.User, directoryVersion: row.DirectoryVersion}, true, nil
}

// End closes the session of token, if there is one.
func (s *Sessions) End(ctx context.Context, token string) error {
	return s.st.SessionDelete(ctx, hashToken(token))
}

func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// SignInUser is the user who may sign in with email: active, and not an
// external user (ok false for anyone else).
func (d *Directory) SignInUser(ctx context.Context, email string) (u User, ok bool, err error) {
	u, err = d.st.UserGetByEmail(ctx, email)
	if store.IsNotFound(err) {
		return User{}, false, nil
	} else if err != nil {
		return User{}, false, fmt.Errorf("org: user by email: %w", err)
	}
	return u, u.Active && u.UserType != "external", nil
}

// SignInUsers are the users who may sign in, by e-mail (the dev login page).
func (d *Directory) SignInUsers(ctx context.Context) ([]User, error) {
	return d.st.UserListActiveByEmail(ctx)
}

// RealtimeUser is the active user whose realtime token this is (ok false when none).
func (d *Directory) RealtimeUser(ctx context.Context, token string) (u User, ok bool, err error) {
	u, err = d.st.UserGetByRealtimeToken(ctx, token)
	if store.IsNotFound(err) {
		return User{}, false, nil
	}
	return u, err == nil, err
}
