package inbox

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/apperr"
	"portico/engine/org"
)

// Application is an external application a workflow task can open in a
// frame, as applicationIframe needs it. The catalogue itself
// (externalApplications) belongs to the workflow engine; the edge looks the
// application up there and hands it over.
type Application struct {
	ID         string
	ActionKeys []string
}

// DefaultApplicationURL is where frames point when none is configured:
// {app} is replaced by the application's id, and the action key is added as
// ?action=.
const DefaultApplicationURL = "/apps/{app}"

// ApplicationTokenTTL is how long an iframe token is valid.
const ApplicationTokenTTL = 5 * time.Minute

// Frame is applicationIframe's answer: the address to load and a signed,
// short-lived token naming the viewer, company, thread and action.
type Frame struct {
	URL       string
	Token     string
	ExpiresAt time.Time
}

// FrameClaims is what an application token vouches for.
type FrameClaims struct {
	Application string    `json:"app"`
	Action      string    `json:"action"`
	Company     uuid.UUID `json:"company"`
	Task        uuid.UUID `json:"task"`
	User        uuid.UUID `json:"user"`
	Expires     int64     `json:"exp"`
}

// ApplicationFrame is applicationIframe: the viewer must be able to read the
// thread, the action must belong to the application (and to the thread's
// actions when it names any). The token is HMAC-SHA256 over its claims with
// the configured secret (APPLICATION_TOKEN_SECRET); without one, frames are
// refused.
func (s *Service) ApplicationFrame(ctx context.Context, req org.Request, companyID *uuid.UUID, app Application, actionKey string, taskID uuid.UUID) (*Frame, error) {
	l, err := s.load(ctx, req, taskID)
	if err != nil {
		return nil, err
	}
	if companyID != nil && *companyID != l.sc.Company.UUID {
		return nil, taskNotFound()
	}
	if !slices.Contains(app.ActionKeys, actionKey) {
		return nil, apperr.NotFound("external_action")
	}
	var named []struct {
		ActionKey string `json:"actionKey"`
	}
	if json.Unmarshal(l.ExternalActions, &named) == nil && len(named) > 0 {
		ok := false
		for _, n := range named {
			ok = ok || n.ActionKey == actionKey
		}
		if !ok {
			return nil, apperr.NotFound("external_action")
		}
	}
	if len(s.appSecret) == 0 {
		return nil, apperr.Argument("application_tokens_not_configured")
	}
	exp := s.now().Add(ApplicationTokenTTL)
	tok := SignFrame(s.appSecret, FrameClaims{Application: app.ID, Action: actionKey, Company: l.sc.Company.UUID,
		Task: l.UUID, User: req.User.UUID, Expires: exp.Unix()})
	u, err := url.Parse(strings.ReplaceAll(s.appURL, "{app}", url.PathEscape(app.ID)))
	if err != nil {
		return nil, err
	}
	q := u.Query()
	q.Set("action", actionKey)
	u.RawQuery = q.Encode()
	return &Frame{URL: u.String(), Token: tok, ExpiresAt: exp}, nil
}

// SignFrame makes a token: base64url(claims JSON) "." base64url(HMAC).
func SignFrame(secret []byte, c FrameClaims) string {
	b, _ := json.Marshal(c)
	body := base64.RawURLEncoding.EncodeToString(b)
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(body))
	return body + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// VerifyFrame checks a token's signature and expiry (what an application,
// or a test, does with it).
func VerifyFrame(secret []byte, token string, now time.Time) (FrameClaims, bool) {
	var c FrameClaims
	for i := len(token) - 1; i >= 0; i-- {
		if token[i] != '.' {
			continue
		}
		body, sig := token[:i], token[i+1:]
		m := hmac.New(sha256.New, secret)
		m.Write([]byte(body))
		want := base64.RawURLEncoding.EncodeToString(m.Sum(nil))
		if !hmac.Equal([]byte(sig), []byte(want)) {
			return c, false
		}
		b, err := base64.RawURLEncoding.DecodeString(body)
		if err != nil || json.Unmarshal(b, &c) != nil {
			return c, false
		}
		return c, now.Unix() < c.Expires
	}
	return c, false
}
