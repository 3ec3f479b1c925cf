package inbox

import (
	"context"
	"net/url"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
)

// AnalyticsApplication is the application id an analytics token names.
const AnalyticsApplication = "analytics"

// Analytics frames the configured analytics application for a company
// (spec 002 §2.18): its address with a short-lived token signed as task
// application frames are (SignFrame), naming the viewer and the company.
type Analytics struct {
	dir    *org.Directory
	url    string
	secret []byte
	now    func() time.Time
}

// NewAnalytics builds the analytics frames; an empty address means none is
// configured (the page shows so).
func NewAnalytics(dir *org.Directory, address string, secret []byte) *Analytics {
	return &Analytics{dir: dir, url: address, secret: secret, now: time.Now}
}

// Frame is the analytics frame of a company for provider staff (the page is
// provider only: others get ACCESS_DENIED), or nil when no analytics
// application is configured. Without a signing secret it is
// ARGUMENT_ERROR application_tokens_not_configured.
func (a *Analytics) Frame(ctx context.Context, req org.Request, companyID uuid.UUID) (*Frame, error) {
	c, err := a.dir.Company(ctx, req.User, req.AdminPanel, companyID)
	if err != nil {
		return nil, err
	}
	if req.User.UserType != string(access.UserTypeStaff) {
		return nil, apperr.Denied("")
	}
	if a.url == "" {
		return nil, nil
	}
	if len(a.secret) == 0 {
		return nil, apperr.Argument("application_tokens_not_configured")
	}
	u, err := url.Parse(a.url)
	if err != nil {
		return nil, err
	}
	exp := a.now().Add(ApplicationTokenTTL)
	tok := SignFrame(a.secret, FrameClaims{Application: AnalyticsApplication, Action: "view", Company: c.Company.UUID,
		User: req.User.UUID, Expires: exp.Unix()})
	return &Frame{URL: u.String(), Token: tok, ExpiresAt: exp}, nil
}
