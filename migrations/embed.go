// Package migrations holds Portico's SQL migrations (goose format). They are
// also the schema sqlc reads to generate engine/store.
package migrations

import "embed"

// FS holds every migration file.
//
//go:embed *.sql
var FS embed.FS
