// Package graph is Portico's GraphQL edge: resolvers decode, authorise through
// the engine, call it and map its answers and errors.
package graph

import (
	"context"

	"portico/api/viewer"
	"portico/engine/apperr"
	"portico/engine/files"
	"portico/engine/inbox"
	"portico/engine/mail"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/sso"
	"portico/engine/workflow"
)

// Deps are the engine services the resolvers call.
type Deps struct {
	Directory *org.Directory
	// Publisher sends realtime events after a mutation commits (nil: events are dropped).
	Publisher notify.Publisher
	// Files is shared files and exports; nil answers files_unavailable.
	Files *files.Service
	// Inbox is the inbox; nil makes inbox calls fail.
	Inbox *inbox.Service
	// Workflows is the workflow engine; nil makes workflow calls fail.
	Workflows *workflow.Service
	// SSO is login options and SSO settings; nil makes their calls fail.
	SSO *sso.Service
	// OIDC tests an OpenID provider for oidcDiscover; nil makes it fail.
	OIDC OIDCDiscoverer
	// MailSettings is e-mail aliases and accepted senders; nil makes their calls fail.
	MailSettings *org.MailSettings
	// Analytics frames the analytics application; nil answers that none is configured.
	Analytics *inbox.Analytics
	// Purges starts the purge timers of system deletions of attachments; nil makes them fail.
	Purges inbox.Purges
	// Notifications is the notification settings; nil makes their calls fail.
	Notifications *mail.SettingsService
}

// OIDCDiscoverer reads an issuer's discovery document: "" when it answers for
// that issuer, else oidcDiscover's error key (wrong_issuer, unreachable).
type OIDCDiscoverer interface {
	Discover(ctx context.Context, issuer string) string
}

// Resolver is the GraphQL root: every resolver reaches the engine through it.
type Resolver struct {
	dir       *org.Directory
	publisher notify.Publisher
	files     *files.Service
	inbox     *inbox.Service
	workflows *workflow.Service
	sso       *sso.Service
	oidc      OIDCDiscoverer
	mail      *org.MailSettings
	analytics *inbox.Analytics
	purges    inbox.Purges
	notices   *mail.SettingsService
}

// NewResolver builds the GraphQL root on the engine's services.
func NewResolver(d Deps) *Resolver {
	r := &Resolver{dir: d.Directory, publisher: d.Publisher, files: d.Files, inbox: d.Inbox, workflows: d.Workflows,
		sso: d.SSO, oidc: d.OIDC, mail: d.MailSettings, analytics: d.Analytics, purges: d.Purges, notices: d.Notifications}
	if r.publisher == nil {
		r.publisher = notify.Discard{}
	}
	return r
}

// directory is the engine's view of who sees what.
func (r *Resolver) directory() (*org.Directory, error) { return r.dir, nil }

// me is the signed-in viewer; the HTTP layer lets no anonymous request reach GraphQL.
func me(ctx context.Context) (*viewer.Viewer, error) {
	v := viewer.From(ctx)
	if v == nil {
		return nil, apperr.Unauthorized
	}
	return v, nil
}
