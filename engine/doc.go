// Package engine is the root of Portico's domain core and holds no code of its
// own: its packages (access, org, inbox, files, workflow, mail, sso, audit,
// store, ...) hold the rules, and its boundary tests (boundary_test.go) keep
// what their comments say they may import.
//
// Nothing under engine/ imports an edge: api, temporal, activities, worker,
// scheduler, realtime, smtpd, cmd, Temporal's SDK, gqlgen, chi or
// gorilla/websocket. Outside engine/ only cmd/portico, wiring and demo import
// engine/store.
package engine
