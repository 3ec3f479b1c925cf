// Package model holds the GraphQL types gqlgen generates from
// api/graph/schema/*.graphqls (models_gen.go, written by `make generate`;
// never edit it by hand). It imports engine/access, whose rules the schema
// binds, and no other Portico package.
package model
