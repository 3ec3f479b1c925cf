// Package migrations holds Portico's SQL migrations (goose format). They are
// also the schema sqlc reads to generate engine/store.
//
// It imports only the standard library; engine/store and its tests import it.
package migrations
