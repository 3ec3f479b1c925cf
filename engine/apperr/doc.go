// Package apperr is the error catalogue of the spec, defined once: every error
// a user can get carries one of its codes and a machine key as message. The
// API edge turns them into MutationError entries or GraphQL errors with
// extensions.code.
//
// It imports no Portico package; every other package may import it.
package apperr
