// Package api is Portico's HTTP edge: the chi router, sessions and login,
// GraphQL, the REST endpoints of the spec, the realtime WebSocket and the web app.
//
// It may import the engine's packages (never engine/store: engine/boundary_test.go keeps the
// database behind the services), its own api/graph and api/viewer, config, logctx and realtime.
// Nothing but cmd/portico imports it.
package api
