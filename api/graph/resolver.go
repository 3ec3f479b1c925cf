// Package graph is Portico's GraphQL edge: resolvers decode, authorise through
// the engine, call it and map its answers and errors.
package graph

import (
	"context"

	"portico/api/viewer"
	"portico/engine/apperr"
	"portico/engine/files"
	"portico/engine/inbox"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/sso"
	"portico/engine/store"
	"portico/engine/workflows"
)

// Resolver holds the dependencies every resolver uses.
type Resolver struct {
	Store     *store.Store
	Directory *org.Directory
	// Publisher sends realtime events after a mutation commits (notify.Discard when unset).
	Publisher notify.Publisher
	// Files is shared files and exports (engine/files); nil answers files_unavailable.
	Files *files.Service
	// Inbox is the inbox (engine/inbox); nil makes inbox calls fail.
	Inbox *inbox.Service
	// Workflows is the workflow engine (engine/workflows); nil makes workflow calls fail.
	Workflows *workflows.Service
	// SSO is login options and SSO settings (engine/sso).
	SSO *sso.Service
	// OIDCDiscover reads an issuer's discovery document: "" or oidcDiscover's error key.
	OIDCDiscover func(ctx context.Context, issuer string) string
}

// publisher is the Resolver's Publisher, or one that drops events.
func (r *Resolver) publisher() notify.Publisher {
	if r.Publisher == nil {
		return notify.Discard{}
	}
	return r.Publisher
}

// me is the signed-in viewer; the HTTP layer lets no anonymous request reach GraphQL.
func me(ctx context.Context) (*viewer.Viewer, error) {
	v := viewer.From(ctx)
	if v == nil {
		return nil, apperr.Unauthorized
	}
	return v, nil
}
