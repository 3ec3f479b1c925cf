// Package graph is Portico's GraphQL edge: resolvers decode, authorise through
// the engine, call it and map its answers and errors.
//
// It may import the engine's services and their records, engine/apperr for the catalogue,
// api/viewer, and gqlgen's generated and model packages; never engine/store, and not api, which
// builds the server around it.
package graph
