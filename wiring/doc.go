// Package wiring builds the engine's services the HTTP edge runs on, from the
// configuration, the database and what lies outside the engine (Temporal, the
// blob store, the realtime bus). `portico serve` (and so `portico dev`) and the
// API tests build them here, so a new service is wired once for all of them.
//
// It imports config, the engine's services, engine/store (only to hand it to their
// constructors) and api/graph for the Services it fills; cmd/portico and the API tests import it.
package wiring
