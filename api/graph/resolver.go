package graph

import (
	"context"

	"portico/api/viewer"
	"portico/engine/apperr"
	"portico/engine/audit"
	"portico/engine/calendarfeed"
	"portico/engine/files"
	"portico/engine/inbox"
	"portico/engine/mail"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/sso"
	"portico/engine/workflow"
)

// Services are the engine services the edge runs on: the resolvers and the
// HTTP handlers (api.Deps embeds them). A new service is one field here;
// wiring.Services builds them for `portico serve` and the API tests alike.
// A nil service fails its operations (each accessor says how).
type Services struct {
	Directory *org.Directory
	Sessions  *org.Sessions
	// Avatars keeps users' pictures (updateAvatar, removeAvatar, GET /api/avatars/...).
	Avatars *org.Avatars
	// SSO decides sign-ins (who may enter through which method), keeps
	// sign-in flows and SSO settings, and writes the sign-in log.
	SSO *sso.Service
	// Inbox, Files and Workflows serve their operations and downloads.
	Inbox     *inbox.Service
	Files     *files.Service
	Workflows *workflow.Service
	// MailSettings is e-mail aliases and accepted senders.
	MailSettings *org.MailSettings
	// Analytics frames the analytics application; nil answers that none is configured.
	Analytics *inbox.Analytics
	// Purges starts the purge timers of system deletions of attachments.
	Purges inbox.Purges
	// Notifications is the notification settings.
	Notifications *mail.SettingsService
	// CalendarFeeds keeps the users' calendar feeds (GET /calendar/<token>.ics; nil leaves the route out).
	CalendarFeeds *calendarfeed.Service
	// Events reads the events log (GET /api/events_log; nil leaves the route out).
	Events *audit.Log
	// Publisher sends realtime events after a mutation commits (nil: events are dropped).
	Publisher notify.Publisher
}

// Deps are what the resolvers are built on: the services, and the OpenID
// discovery oidcDiscover tests a provider with (nil makes it fail).
type Deps struct {
	Services
	OIDC OIDCDiscoverer
}

// OIDCDiscoverer reads an issuer's discovery document: "" when it answers for
// that issuer, else oidcDiscover's error key (wrong_issuer, unreachable).
type OIDCDiscoverer interface {
	Discover(ctx context.Context, issuer string) string
}

// Resolver is the GraphQL root: every resolver reaches the engine through it.
type Resolver struct {
	svc  Services
	oidc OIDCDiscoverer
}

// NewResolver builds the GraphQL root on the engine's services.
func NewResolver(d Deps) *Resolver {
	r := &Resolver{svc: d.Services, oidc: d.OIDC}
	if r.svc.Publisher == nil {
		r.svc.Publisher = notify.Discard{}
	}
	return r
}

// directory is the engine's view of who sees what.
func (r *Resolver) directory() (*org.Directory, error) { return r.svc.Directory, nil }

// avatars keeps users' pictures.
func (r *Resolver) avatars() (*org.Avatars, error) {
	if r.svc.Avatars == nil {
		return nil, apperr.Argument("avatars_unavailable")
	}
	return r.svc.Avatars, nil
}

// me is the signed-in viewer; the HTTP layer lets no anonymous request reach GraphQL.
func me(ctx context.Context) (*viewer.Viewer, error) {
	v := viewer.From(ctx)
	if v == nil {
		return nil, apperr.Unauthorized
	}
	return v, nil
}
