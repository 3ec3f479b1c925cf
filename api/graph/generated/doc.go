// Package generated is gqlgen's executable schema for api/graph: one file per
// schema file of api/graph/schema, written by `make generate`; never edit it
// by hand. It imports api/graph/model and gqlgen, nothing else of Portico's.
package generated
