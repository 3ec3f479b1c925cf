// Package logctx carries a request id through a context into every log line
// written with that context: the API puts the HTTP request's id in, Temporal's
// context propagator (worker.RequestIDPropagator) carries it into the runs and
// activities the request starts, and Handler adds it to each record.
//
// It imports only the standard library, so every layer may import it.
package logctx
